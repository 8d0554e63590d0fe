import type { Config } from '../../config.js';

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
  readonly kind: Config['storage']['provider'];
  presignPut(key: string, policy: PutPolicy): Promise<SignedUrl & { method: 'PUT' }>;
  presignGet(key: string, expiresInSeconds: number): Promise<SignedUrl>;
  exists(key: string): Promise<boolean>;
  /**
   * The first `bytes` bytes of an object and the content type it was stored with, or null when it does not exist: what
   * an uploaded file's magic number is checked against (issue 9), without reading the whole object.
   */
  readHead(key: string, bytes: number): Promise<{ head: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}
