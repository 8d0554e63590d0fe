import type { ObjectStore } from '../../providers/object-store/index.js';
import type { Module, Platform } from '../../platform.js';
import { filesRoutes } from './files.routes.js';

/** The embedded object store's signed links (uploads and downloads); other modules use the store itself. */
export function createFilesModule({ clock, objectStore }: Platform & { objectStore: ObjectStore }): Module<null> {
  return { service: null, routes: filesRoutes(objectStore, clock) };
}
