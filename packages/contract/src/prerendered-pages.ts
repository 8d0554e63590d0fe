/**
 * Where the console's build writes the pages it renders ahead (apps/web/vite-plugins/prerender.ts) and how the
 * server finds the one for a path (apps/server/src/http/spa.ts): one file per page, `/` as index.html.
 */
export const PRERENDERED_PAGES = {
  dir: 'prerendered',
  fileOf: (pathname: string): string => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`,
  pathOf: (file: string): string => {
    const name = file.slice(0, -'.html'.length);
    return name === 'index' ? '/' : `/${name}`;
  },
} as const;
