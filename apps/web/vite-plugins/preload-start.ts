import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type Bundle = Record<string, Rolldown.OutputAsset | Rolldown.OutputChunk>;

/** A chunk and every chunk it imports statically, as file names. */
function withStaticImports(bundle: Bundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') {
    return seen;
  }
  seen.add(fileName);
  for (const imported of chunk.imports) {
    withStaticImports(bundle, imported, seen);
  }
  return seen;
}

/** The app's chunks: what the entry's dynamic imports load, with all they import, less what the entry imports itself. */
function appChunks(bundle: Bundle, entry: Rolldown.OutputChunk): string[] {
  const app = new Set<string>(entry.imports);
  for (const imported of entry.dynamicImports) {
    withStaticImports(bundle, imported, app);
  }
  return [...app].filter((fileName) => !entry.imports.includes(fileName));
}

/**
 * The entry (src/main.tsx) loads the app (src/start.tsx, after React DOM and the app's foundation) through dynamic
 * imports, so that a prerendered page can ask for it after its first paint. index.html has nothing to paint before the
 * app runs, so it names the app's chunks up front (`modulepreload`), and the browser fetches them alongside the entry
 * rather than after it; vite-plugins/prerender.ts takes these hints out of the prerendered pages, where the entry's
 * first import names them all instead (`resolveDependencies`, Vite's `build.modulePreload`): the app's three stages
 * download together and run one after another.
 *
 * A page's chunk names nothing: the browser finds what it imports as it reads it. A `<link rel="modulepreload">` per
 * chunk cost a slow phone 3.5 ms each, all in the task that asks for the page (20 of them for `/myApp`: the longest
 * task of its first load once the app ran in stages, issue 25), for a round trip saved on a page's first visit.
 */
export function preloadStart(): {
  plugin: Plugin;
  resolveDependencies: (fileName: string, deps: string[], context: { hostId: string }) => string[];
} {
  let bundle: Bundle | undefined;
  const plugin: Plugin = {
    name: 'suanli-preload-start',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.chunk) {
          return [];
        }
        return appChunks(context.bundle, context.chunk).map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
  return {
    plugin,
    resolveDependencies(_fileName, _deps, { hostId }) {
      if (!bundle) {
        throw new Error('suanli-preload-start: the bundle is not known yet');
      }
      const host = bundle[hostId];
      return host?.type === 'chunk' && host.isEntry ? appChunks(bundle, host) : [];
    },
  };
}
