import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore, PutPolicy, SignedUrl } from './types.js';
import { objectPath } from './keys.js';

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

type Query = Record<string, unknown>;

export interface StoredObject {
  stream: ReadStream;
  size: number;
  contentType: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The embedded object store: files under `${DATA_DIR}/objects`, reached through `/api/objects/<key>` links that carry
 * an expiry and an HMAC-SHA256 signature over what they allow, the way S3 presigned URLs do. The files module serves
 * those links; this class signs, checks, writes and reads.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  private readonly root: string;
  // Hidden folders: keys never start with a dot, so neither can collide with an object.
  private readonly metaRoot: string;
  private readonly tmpRoot: string;
  private readonly signingKey: Buffer;

  constructor(private readonly options: { dataDir: string; signingKey: string; baseUrl: string; clock: Clock }) {
    this.root = path.resolve(options.dataDir, 'objects');
    this.metaRoot = path.join(this.root, '.meta');
    this.tmpRoot = path.join(this.root, '.tmp');
    this.signingKey = Buffer.from(options.signingKey, 'base64');
  }

  async presignPut(key: string, policy: PutPolicy): Promise<SignedUrl & { method: 'PUT' }> {
    this.pathOf(key);
    const expires = this.expiry(policy.expiresInSeconds);
    const maxBytes = String(policy.maxBytes);
    const types = policy.contentTypes.join(',');
    const signature = this.sign(['PUT', key, expires, maxBytes, types]);
    const query = new URLSearchParams({ expires, maxBytes, types, signature });
    return { url: this.url(key, query), expiresAt: new Date(Number(expires) * 1000), method: 'PUT' };
  }

  async presignGet(key: string, expiresInSeconds: number): Promise<SignedUrl> {
    this.pathOf(key);
    const expires = this.expiry(expiresInSeconds);
    const query = new URLSearchParams({ expires, signature: this.sign(['GET', key, expires]) });
    return { url: this.url(key, query), expiresAt: new Date(Number(expires) * 1000) };
  }

  /** The upload policy a PUT link grants, or null when it is tampered with or expired. */
  verifyPut(key: string, query: Query): Omit<PutPolicy, 'expiresInSeconds'> | null {
    const [expires, maxBytes, types] = [text(query.expires), text(query.maxBytes), text(query.types)];
    // Digits only, so that no field can smuggle a newline and shift the signed text between fields.
    if (
      !/^\d{1,12}$/.test(maxBytes) ||
      !this.verify(['PUT', key, expires, maxBytes, types], expires, text(query.signature))
    ) {
      return null;
    }
    return { contentTypes: types.split(','), maxBytes: Number(maxBytes) };
  }

  verifyGet(key: string, query: Query): boolean {
    const expires = text(query.expires);
    return this.verify(['GET', key, expires], expires, text(query.signature));
  }

  /**
   * Streams a body into the object, refusing it past maxBytes. It lands in a temporary file first and is renamed into
   * place, so a reader never sees half an object and a refused upload leaves nothing behind.
   */
  async write(key: string, body: Readable, meta: { contentType: string; maxBytes: number }): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(this.tmpRoot, { recursive: true });
    const temporary = path.join(this.tmpRoot, randomUUID());
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > meta.maxBytes ? new ObjectTooLargeError(meta.maxBytes) : null, chunk);
      },
    });
    // The body is piped rather than handed to pipeline(): pipeline would destroy the request on a refusal, and with it
    // the socket that must still carry the 413 answer.
    body.once('error', (error) => limiter.destroy(error));
    body.once('close', () => {
      if (!body.readableEnded) {
        limiter.destroy(new Error('upload aborted'));
      }
    });
    body.pipe(limiter);
    try {
      await pipeline(limiter, createWriteStream(temporary));
      const metaFile = this.metaPathOf(key);
      await mkdir(path.dirname(metaFile), { recursive: true });
      await writeFile(metaFile, JSON.stringify({ contentType: meta.contentType, size }));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
    return size;
  }

  async read(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      return null;
    }
    const meta = await readFile(this.metaPathOf(key), 'utf8')
      .then((json) => JSON.parse(json) as { contentType?: string })
      .catch(() => ({ contentType: undefined }));
    return {
      stream: createReadStream(file),
      size: info.size,
      contentType: meta.contentType ?? 'application/octet-stream',
    };
  }

  async readHead(key: string, bytes: number): Promise<{ head: Buffer; contentType: string } | null> {
    const object = await this.read(key);
    if (!object) {
      return null;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of object.stream.iterator({ destroyOnReturn: true })) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= bytes) {
        break;
      }
    }
    object.stream.destroy();
    return { head: Buffer.concat(chunks).subarray(0, bytes), contentType: object.contentType };
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.metaPathOf(key), { force: true });
  }

  /** The file behind a key; an unsafe key is a programming error, refused before any link or file is made. */
  private pathOf(key: string, root = this.root): string {
    const file = objectPath(root, key);
    if (!file) {
      throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
    }
    return file;
  }

  private metaPathOf(key: string): string {
    return `${this.pathOf(key, this.metaRoot)}.json`;
  }

  private expiry(seconds: number): string {
    return String(Math.floor(this.options.clock.now().getTime() / 1000) + seconds);
  }

  private url(key: string, query: URLSearchParams): string {
    return `${this.options.baseUrl}/api/objects/${key}?${query.toString()}`;
  }

  private sign(fields: string[]): string {
    return createHmac('sha256', this.signingKey).update(fields.join('\n')).digest('hex');
  }

  private verify(fields: string[], expires: string, signature: string): boolean {
    const expired = !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < this.options.clock.now().getTime();
    if (expired || !/^[0-9a-f]{64}$/.test(signature)) {
      return false;
    }
    return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(this.sign(fields), 'hex'));
  }
}
