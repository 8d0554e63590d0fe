import type { Module, Platform } from '../../platform.js';
import { siteRoutes } from './site.routes.js';

/** What a visitor may know about the operator (footer, customer service), all from configuration; no tables. */
export function createSiteModule({ config }: Platform): Module<null> {
  return { service: null, routes: siteRoutes(config) };
}
