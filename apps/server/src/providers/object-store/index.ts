import { publicUrl, type Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { LocalObjectStore } from './local.js';
import type { ObjectStore } from './types.js';

export type { ObjectStore, PutPolicy, SignedUrl } from './types.js';
export { LocalObjectStore, ObjectTooLargeError, type StoredObject } from './local.js';
export { isSafeObjectKey } from './keys.js';

export function createObjectStore(config: Config, clock: Clock): ObjectStore {
  switch (config.STORAGE) {
    case 'local':
      return new LocalObjectStore({
        dataDir: config.DATA_DIR,
        signingKey: config.OBJECT_SIGNING_KEY,
        // Without PUBLIC_URL the server cannot know how browsers reach it, so links stay relative to its origin.
        baseUrl: publicUrl(config),
        clock,
      });
  }
}
