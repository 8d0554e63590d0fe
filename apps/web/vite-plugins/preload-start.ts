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

/**
 * The entry (src/main.tsx) loads the app (src/start.tsx), its only dynamic import, so that a prerendered page can ask for
 * it after its first paint. index.html has nothing to paint before the app runs, so it names the app's chunks up front
 * (`modulepreload`), and the browser fetches them alongside the entry rather than after it. vite-plugins/prerender.ts
 * takes these hints out of the prerendered pages.
 */
export function preloadStart(): Plugin {
  return {
    name: 'suanli-preload-start',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as Bundle | undefined;
        const entry = context.chunk;
        if (!bundle || !entry) {
          return [];
        }
        // What the entry imports statically, Vite announces itself.
        const app = new Set<string>(entry.imports);
        for (const imported of entry.dynamicImports) {
          withStaticImports(bundle, imported, app);
        }
        return [...app]
          .filter((fileName) => !entry.imports.includes(fileName))
          .map((fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
