import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { LocalObjectStore } from './local.js';
import type { ObjectStore } from './types.js';

export type { ObjectStore, PutPolicy, SignedUrl } from './types.js';
export { LocalObjectStore, ObjectTooLargeError, type StoredObject } from './local.js';
export { isSafeObjectKey } from './keys.js';

export function createObjectStore(config: Config, clock: Clock): ObjectStore {
  switch (config.storage.provider) {
    case 'local':
      return new LocalObjectStore({
        dataDir: config.runtime.dataDir,
        signingKey: config.keys.objectSigning,
        // Without PUBLIC_URL the server cannot know how browsers reach it, so links stay relative to its origin.
        baseUrl: config.http.publicUrl,
        clock,
      });
  }
}
