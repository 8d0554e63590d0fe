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
}

/**
 * Every route of the console's route table, read from its source so that a route added there is checked here without
 * anyone listing it twice (the table cannot be imported: it is the web project's, compiled by Vite).
 */
export function consoleRoutes(): ConsoleRoute[] {
  const source = readFileSync(ROUTE_TABLE, 'utf8');
  const routes = [...source.matchAll(/defineRoute\(\s*'([^']+)',\s*'([^']*)'/g)].map(([, key, routePath]) => ({
    key: key!,
    path: routePath!.replace(/\/:[^/]+\?$/, '') || '/',
  }));
  if (routes.length < 20) {
    throw new Error(`the route table reads as ${routes.length} routes; has its shape changed?`);
  }
  return routes;
}
