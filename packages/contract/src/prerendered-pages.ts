/**
 * Where the console's build writes the pages it renders ahead (apps/web/vite-plugins/prerender.ts) and how the
 * server finds the one for a path (apps/server/src/http/spa.ts): one file per page, `/` as index.html. Beside them,
 * the renderer (apps/web/src/prerender.tsx built for Node), with which the server renders again, per request, the
 * pages whose first screen shows live data; and, per language, the signed-in pages' shells (decision 0043).
 */
export const PRERENDERED_PAGES = {
  dir: 'prerendered',
  renderer: 'renderer.mjs',
  fileOf: (pathname: string): string => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`,
  pathOf: (file: string): string => {
    const name = file.slice(0, -'.html'.length);
    return name === 'index' ? '/' : `/${name}`;
  },
  /** The folder, under `dir`, of the shells in one language: `signed-in/<language>/<page>.html`. */
  shellDir: (language: string): string => `signed-in/${language}`,
} as const;

/**
 * The cookie the console keeps while a token is stored, holding the interface language and nothing secret: it tells
 * the server to answer a signed-in page with its shell in that language (decision 0043). It grants nothing.
 */
export const SHELL_HINT_COOKIE = 'suanli_shell';
