import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
// By path: Vite loads its config with Node, which cannot run the contract's TypeScript through its package entry.
import { PRERENDERED_PAGES } from '../../../packages/contract/src/prerendered-pages.ts';
import { PRERENDER_MARKERS } from '../src/app/prerender-markers.ts';
import type { RenderedPage } from '../src/prerender.tsx';

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  prerenderPage: (pathname: string) => Promise<RenderedPage>;
}

// JSON inside <script>: a `<` could close the element, so it is written as its escape.
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function fillTemplate(template: string, page: RenderedPage): string {
  return (
    template
      // The page is readable from its HTML and stylesheet; the entry asks for the app's scripts after the first paint.
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
      .replace('</head>', `${page.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" ${PRERENDER_MARKERS.languageAttribute}="${page.language}">${page.html}</div>` +
          `<script type="application/json" id="${PRERENDER_MARKERS.routerStateId}">${scriptSafeJson(page.hydrationData)}</script>`,
      )
  );
}

async function buildRenderer(root: string, outDir: string): Promise<PrerenderModule> {
  const output = (await build({
    root,
    logLevel: 'warn',
    // Everything bundled, so antd and its CSS-in-JS cache are the very modules the page uses, not a CommonJS twin.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      // One file, run top to bottom: src/prerender-environment.ts must run before the stores it prepares for, which
      // the browser build's chunk groups would move into chunks that run first.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput;
  const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) {
    throw new Error('the prerender build wrote no entry');
  }
  return (await import(pathToFileURL(path.join(outDir, entry.fileName)).href)) as PrerenderModule;
}

/**
 * After the console's build, renders each page a guest opens at a fixed address (route-table.ts) into its own copy of
 * index.html, so a first visit paints the page from HTML while the scripts load, and start.tsx hydrates it.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'suanli-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler(error?: Error) {
        if (error) {
          return;
        }
        const rendererDir = path.join(root, 'node_modules', '.prerender');
        const renderer = await buildRenderer(root, rendererDir);
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await mkdir(path.join(outDir, PRERENDERED_PAGES.dir), { recursive: true });
        for (const pathname of renderer.PRERENDERED_PATHS) {
          const page = await renderer.prerenderPage(pathname);
          await writeFile(
            path.join(outDir, PRERENDERED_PAGES.dir, PRERENDERED_PAGES.fileOf(pathname)),
            fillTemplate(template, page),
          );
        }
        await rm(rendererDir, { recursive: true, force: true });
      },
    },
  };
}
