import { publicUrl, type Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { LocalObjectStore } from './local.js';

/** What an upload link allows: the content types, the size and how long it stays valid. */
export interface PutPolicy {
  contentTypes: readonly string[];
  maxBytes: number;
  expiresInSeconds: number;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/**
 * Where avatars, cloud-space files and images live (ARCHITECTURE §7). The browser never sends bytes through an API
 * call: it gets a signed URL, PUTs or GETs the object there, and then names the key in a call.
 */
export interface ObjectStore {
  readonly kind: Config['STORAGE'];
  presignPut(key: string, policy: PutPolicy): Promise<SignedUrl & { method: 'PUT' }>;
  presignGet(key: string, expiresInSeconds: number): Promise<SignedUrl>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

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
