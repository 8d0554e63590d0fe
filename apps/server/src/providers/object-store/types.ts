import type { Readable } from 'node:stream';
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

/** An object read on the server: its bytes as a stream, its size and the content type it was stored with. */
export interface ObjectBody {
  stream: Readable;
  size: number;
  contentType: string;
}

/** One part of a multipart upload as the store acknowledged it: the tag the browser read from the part's answer. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** Which part of which multipart upload. */
export interface PartOf {
  uploadId: string;
  partNumber: number;
}

/**
 * Where avatars, cloud-space files and images live (ARCHITECTURE §7). The browser never sends bytes through an API
 * call: it gets a signed URL, PUTs or GETs the object there, and then names the key in a call. Large files go up in
 * parts (S3 multipart semantics on both adapters), each part PUT to its own signed URL, so a dropped connection costs
 * one part and the upload resumes from the parts the store lists.
 */
export interface ObjectStore {
  readonly kind: Config['storage']['provider'];
  presignPut(key: string, policy: PutPolicy): Promise<SignedUrl & { method: 'PUT' }>;
  /** A download link; with `fileName`, the browser saves the bytes under that name. */
  presignGet(key: string, expiresInSeconds: number, options?: { fileName?: string }): Promise<SignedUrl>;
  exists(key: string): Promise<boolean>;
  /**
   * The first `bytes` bytes of an object and the content type it was stored with, or null when it does not exist: what
   * an uploaded file's magic number is checked against (issue 9), without reading the whole object.
   */
  readHead(key: string, bytes: number): Promise<{ head: Buffer; contentType: string } | null>;
  /** The object's size in bytes, or null when it does not exist. */
  sizeOf(key: string): Promise<number | null>;
  /** Writes an object from the server (an image's archive); answers its size. */
  put(key: string, body: Readable, meta: { contentType: string }): Promise<number>;
  /** Reads an object on the server (a copy into a workspace), or null when it does not exist. */
  open(key: string): Promise<ObjectBody | null>;
  delete(key: string): Promise<void>;
  /** Starts a multipart upload of `key`; its parts are PUT to `presignPart` links and joined by `completeMultipart`. */
  createMultipart(key: string, meta: { contentType: string }): Promise<{ uploadId: string }>;
  presignPart(key: string, part: PartOf, expiresInSeconds: number): Promise<SignedUrl & { method: 'PUT' }>;
  /** The parts received so far, by number: where a resumed upload carries on. */
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Joins the parts, in number order, into the object; answers its size. */
  completeMultipart(key: string, uploadId: string, parts: readonly Omit<UploadedPart, 'size'>[]): Promise<number>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}
