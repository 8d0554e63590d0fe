import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
// By path: Vite loads its config with Node, which cannot run the contract's TypeScript through its package entry.
import { LOCALES } from '../../../packages/contract/src/constants.ts';
import { PRERENDERED_PAGES } from '../../../packages/contract/src/prerendered-pages.ts';
import type * as Renderer from '../src/prerender.tsx';

type PrerenderModule = Pick<
  typeof Renderer,
  'PRERENDERED_PATHS' | 'SHELLED_PATHS' | 'prerenderPage' | 'prerenderShell' | 'pageDocument'
>;

/** Builds src/prerender.tsx for Node into `outDir`, where the server finds it (PRERENDERED_PAGES), and loads it. */
async function buildRenderer(root: string, outDir: string): Promise<PrerenderModule> {
  const output = (await build({
    root,
    logLevel: 'warn',
    // Everything bundled, so antd and its CSS-in-JS cache are the very modules the page uses, not a CommonJS twin.
    ssr: { noExternal: true },
    // React's and antd's production builds, whatever NODE_ENV the server runs with: their development builds render
    // several times slower, and the server renders live pages per request.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      // One file, run top to bottom: src/prerender-environment.ts must run before the stores it prepares for, which
      // the browser build's chunk groups would move into chunks that run first. An ES module wherever the build goes
      // (the bench builds outside the repository, with no package.json saying "module").
      rolldownOptions: { output: { codeSplitting: false, entryFileNames: PRERENDERED_PAGES.renderer } },
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
 * index.html, so a first visit paints the page from HTML while the scripts load, and start.tsx hydrates it; then the
 * shell of each signed-in page in each language (decision 0043). The
 * renderer stays beside the pages: the server renders the pages with live data again for each request with it.
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
        const pagesDir = path.join(outDir, PRERENDERED_PAGES.dir);
        await mkdir(pagesDir, { recursive: true });
        const renderer = await buildRenderer(root, pagesDir);
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        for (const pathname of renderer.PRERENDERED_PATHS) {
          const page = await renderer.prerenderPage(pathname);
          await writeFile(
            path.join(pagesDir, PRERENDERED_PAGES.fileOf(pathname)),
            renderer.pageDocument(template, page),
          );
        }
        for (const language of LOCALES) {
          const shellDir = path.join(pagesDir, PRERENDERED_PAGES.shellDir(language));
          await mkdir(shellDir, { recursive: true });
          for (const pathname of renderer.SHELLED_PATHS) {
            const page = await renderer.prerenderShell(pathname, language);
            await writeFile(
              path.join(shellDir, PRERENDERED_PAGES.fileOf(pathname)),
              renderer.pageDocument(template, page),
            );
          }
        }
      },
    },
  };
}
