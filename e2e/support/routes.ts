import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUTE_TABLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/app/routes/route-table.ts',
);

export interface ConsoleRoute {
  key: string;
  /** The path to open: the route's own, with an example filled into an optional parameter. */
  path: string;
  /** Whether a guest is sent away from it to log in (the route is not marked `open`, noPermission). */
  guarded: boolean;
}

/**
 * Every route of the console's route table, read from its source so that a route added there is checked here without
 * anyone listing it twice (the table cannot be imported: it is the web project's, compiled by Vite).
 */
export function consoleRoutes(): ConsoleRoute[] {
  const source = readFileSync(ROUTE_TABLE, 'utf8');
  const calls = [...source.matchAll(/defineRoute\(\s*'([^']+)',\s*'([^']*)'/g)];
  const routes = calls.map((call, index) => {
    // The call's own text, up to the next route: its flags name `open` when guests may see it.
    const text = source.slice(call.index, calls[index + 1]?.index ?? source.length);
    return {
      key: call[1]!,
      path: call[2]!.replace(/\/:[^/]+\?$/, '') || '/',
      guarded: !/[{,]\s*(\.\.\.)?open\b/.test(text),
    };
  });
  if (routes.length < 20 || routes.filter((route) => route.guarded).length < 10) {
    throw new Error(`the route table reads as ${routes.length} routes; has its shape changed?`);
  }
  return routes;
}

const ADMIN_PAGES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/features/admin-console/admin-pages.ts',
);

/** Every page of the operations console (admin-pages.ts, read from its source as the route table is), under /admin/. */
export function adminRoutes(): ConsoleRoute[] {
  const source = readFileSync(ADMIN_PAGES, 'utf8');
  const routes = [...source.matchAll(/\{ key: '([^']+)', path: '([^']+)', area: '[^']+' \}/g)].map(
    ([, key, pagePath]) => ({ key: key!, path: `/admin/${pagePath!}`, guarded: true }),
  );
  if (routes.length < 2) {
    throw new Error(`the console's page table reads as ${routes.length} pages; has its shape changed?`);
  }
  return routes;
}
