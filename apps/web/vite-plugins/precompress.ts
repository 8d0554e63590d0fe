import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
// By path: Vite loads its config with Node, which cannot run the contract's TypeScript through its package entry.
import { PRERENDERED_PAGES } from '../../../packages/contract/src/prerendered-pages.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside a file, each only when it is smaller than the file; else the file goes as is. */
async function compressBeside(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * Compresses the built console once, at build time, with the slowest and best settings (Brotli 11, gzip 9), so the
 * server sends the smallest file the browser accepts without compressing anything per request (@fastify/static's
 * `preCompressed`, apps/server/src/http/static-files.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'suanli-precompress',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after the pages prerender.ts writes, so they are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) {
          return;
        }
        // The prerender's renderer is the server's to run, never sent.
        const renderer = path.join(outDir, PRERENDERED_PAGES.dir, PRERENDERED_PAGES.renderer);
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && file !== renderer);
        await Promise.all(files.map(compressBeside));
      },
    },
  };
}
