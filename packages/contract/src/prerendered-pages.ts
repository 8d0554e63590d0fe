/**
 * Where the console's build writes the pages it renders ahead (apps/web/vite-plugins/prerender.ts) and how the
 * server finds the one for a path (apps/server/src/http/spa.ts): one file per page, `/` as index.html. Beside them,
 * the renderer (apps/web/src/prerender.tsx built for Node), with which the server renders again, per request, the
 * pages whose first screen shows live data.
 */
export const PRERENDERED_PAGES = {
  dir: 'prerendered',
  renderer: 'renderer.mjs',
  fileOf: (pathname: string): string => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`,
  pathOf: (file: string): string => {
    const name = file.slice(0, -'.html'.length);
    return name === 'index' ? '/' : `/${name}`;
  },
} as const;
