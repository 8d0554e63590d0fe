import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { LocalObjectStore } from './local.js';
import { S3ObjectStore } from './s3.js';
import type { ObjectStore } from './types.js';

export type { ObjectBody, ObjectStore, PartOf, PutPolicy, SignedUrl, UploadedPart } from './types.js';
export {
  LocalObjectStore,
  MAX_PART_BYTES,
  MAX_PART_NUMBER,
  ObjectTooLargeError,
  PartMismatchError,
  type StoredObject,
} from './local.js';
export { S3ObjectStore, type S3Settings } from './s3.js';
export { attachmentNamed } from './disposition.js';
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
    case 's3':
      return new S3ObjectStore(config.storage, clock);
  }
}
