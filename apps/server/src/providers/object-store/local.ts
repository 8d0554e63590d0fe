import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../../jobs/clock.js';
import type { ObjectStore, PartOf, PutPolicy, SignedUrl, UploadedPart } from './types.js';
import { objectPath } from './keys.js';

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

/** A multipart completion naming a part the store does not hold, or holds with another tag. */
export class PartMismatchError extends Error {}

/** S3's limits: parts numbered 1 to 10,000, each at most 5 GiB. */
export const MAX_PART_NUMBER = 10_000;
export const MAX_PART_BYTES = 5 * 1024 ** 3;

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

type Query = Record<string, unknown>;

export interface StoredObject {
  stream: ReadStream;
  size: number;
  contentType: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
// Browsers read a part's ETag header with its quotes; S3 accepts the tag either way.
const unquoted = (etag: string) => etag.replace(/^"|"$/g, '');

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
  private readonly uploadsRoot: string;
  private readonly signingKey: Buffer;

  constructor(private readonly options: { dataDir: string; signingKey: string; baseUrl: string; clock: Clock }) {
    this.root = path.resolve(options.dataDir, 'objects');
    this.metaRoot = path.join(this.root, '.meta');
    this.tmpRoot = path.join(this.root, '.tmp');
    this.uploadsRoot = path.join(this.root, '.uploads');
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

  async presignGet(key: string, expiresInSeconds: number, options: { fileName?: string } = {}): Promise<SignedUrl> {
    this.pathOf(key);
    const expires = this.expiry(expiresInSeconds);
    const name = options.fileName ?? '';
    const query = new URLSearchParams({ expires, signature: this.sign(['GET', key, expires, name]) });
    if (name) {
      query.set('name', name);
    }
    return { url: this.url(key, query), expiresAt: new Date(Number(expires) * 1000) };
  }

  async presignPart(key: string, { uploadId, partNumber }: PartOf, expiresInSeconds: number) {
    this.pathOf(key);
    const expires = this.expiry(expiresInSeconds);
    const part = String(partNumber);
    const signature = this.sign(['PART', key, uploadId, part, expires]);
    const query = new URLSearchParams({ uploadId, partNumber: part, expires, signature });
    return { url: this.url(key, query), expiresAt: new Date(Number(expires) * 1000), method: 'PUT' as const };
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

  /** The name a GET link saves its object under ('' for none), or null when it is tampered with or expired. */
  verifyGet(key: string, query: Query): { fileName: string } | null {
    const [expires, fileName] = [text(query.expires), text(query.name)];
    return this.verify(['GET', key, expires, fileName], expires, text(query.signature)) ? { fileName } : null;
  }

  /** The part a part link may write, or null when it is tampered with, expired or names no open upload. */
  verifyPart(key: string, query: Query): PartOf | null {
    const [uploadId, part, expires] = [text(query.uploadId), text(query.partNumber), text(query.expires)];
    const partNumber = Number(part);
    if (
      !UPLOAD_ID.test(uploadId) ||
      !/^\d{1,5}$/.test(part) ||
      partNumber < 1 ||
      partNumber > MAX_PART_NUMBER ||
      !this.verify(['PART', key, uploadId, part, expires], expires, text(query.signature))
    ) {
      return null;
    }
    return { uploadId, partNumber };
  }

  /**
   * Streams a body into the object, refusing it past maxBytes. It lands in a temporary file first and is renamed into
   * place, so a reader never sees half an object and a refused upload leaves nothing behind.
   */
  async write(key: string, body: Readable, meta: { contentType: string; maxBytes: number }): Promise<number> {
    const target = this.pathOf(key);
    const { size } = await this.receive(body, { maxBytes: meta.maxBytes, md5: false }, async (temporary) => {
      await this.writeMeta(key, meta.contentType);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    });
    return size;
  }

  put(key: string, body: Readable, meta: { contentType: string }): Promise<number> {
    return this.write(key, body, { ...meta, maxBytes: Number.MAX_SAFE_INTEGER });
  }

  async createMultipart(key: string, meta: { contentType: string }): Promise<{ uploadId: string }> {
    this.pathOf(key);
    const uploadId = randomUUID();
    const folder = this.uploadFolder(uploadId);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'upload.json'), JSON.stringify({ key, contentType: meta.contentType }));
    return { uploadId };
  }

  /** Stores one part of an open upload; answers its tag (the MD5 of its bytes, as S3's is for a plain part). */
  async writePart(key: string, { uploadId, partNumber }: PartOf, body: Readable): Promise<string> {
    const folder = await this.openUpload(key, uploadId);
    const place = async (temporary: string, digest: string) => {
      await writeFile(path.join(folder, `${partNumber}.etag`), digest);
      await rename(temporary, path.join(folder, String(partNumber)));
    };
    const { md5 } = await this.receive(body, { maxBytes: MAX_PART_BYTES, md5: true }, place);
    return md5;
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const folder = await this.openUpload(key, uploadId);
    const numbers = (await readdir(folder)).filter((name) => /^\d+$/.test(name)).map(Number);
    const parts = await Promise.all(
      numbers.map(async (partNumber) => ({
        partNumber,
        etag: await readFile(path.join(folder, `${partNumber}.etag`), 'utf8'),
        size: (await stat(path.join(folder, String(partNumber)))).size,
      })),
    );
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: readonly Omit<UploadedPart, 'size'>[],
  ): Promise<number> {
    const folder = await this.openUpload(key, uploadId);
    const held = new Map((await this.listParts(key, uploadId)).map((part) => [part.partNumber, part.etag]));
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    if (ordered.length === 0 || ordered.some((part) => held.get(part.partNumber) !== unquoted(part.etag))) {
      throw new PartMismatchError(`upload ${uploadId} does not hold the parts named`);
    }
    const { contentType } = JSON.parse(await readFile(path.join(folder, 'upload.json'), 'utf8')) as {
      contentType: string;
    };
    const joined = Readable.from(
      (async function* () {
        for (const { partNumber } of ordered) {
          yield* createReadStream(path.join(folder, String(partNumber)));
        }
      })(),
    );
    const size = await this.put(key, joined, { contentType });
    await rm(folder, { recursive: true, force: true });
    return size;
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await rm(await this.openUpload(key, uploadId), { recursive: true, force: true });
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

  async open(key: string): Promise<StoredObject | null> {
    return this.read(key);
  }

  async sizeOf(key: string): Promise<number | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
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

  /**
   * Streams a body into a temporary file, refusing it past maxBytes, and hands the file and, when asked for, the MD5
   * of its bytes ('' otherwise) to `place`, which moves it where it belongs; whatever `place` leaves behind is removed.
   * Only a part's tag needs the MD5, and skipping it saves a whole upload about a third of its time.
   */
  private async receive(
    body: Readable,
    { maxBytes, ...options }: { maxBytes: number; md5: boolean },
    place: (temporary: string, md5: string) => Promise<void>,
  ): Promise<{ size: number; md5: string }> {
    await mkdir(this.tmpRoot, { recursive: true });
    const temporary = path.join(this.tmpRoot, randomUUID());
    const hash = options.md5 ? createHash('md5') : null;
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash?.update(chunk);
        done(size > maxBytes ? new ObjectTooLargeError(maxBytes) : null, chunk);
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
      const md5 = hash?.digest('hex') ?? '';
      await place(temporary, md5);
      return { size, md5 };
    } finally {
      await rm(temporary, { force: true });
    }
  }

  private async writeMeta(key: string, contentType: string) {
    const metaFile = this.metaPathOf(key);
    await mkdir(path.dirname(metaFile), { recursive: true });
    await writeFile(metaFile, JSON.stringify({ contentType }));
  }

  private uploadFolder(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) {
      throw new Error(`not an upload id: ${JSON.stringify(uploadId)}`);
    }
    return path.join(this.uploadsRoot, uploadId);
  }

  /** The folder of an upload of `key` still open; an unknown id, or one started for another key, is refused. */
  private async openUpload(key: string, uploadId: string): Promise<string> {
    const folder = this.uploadFolder(uploadId);
    const started = await readFile(path.join(folder, 'upload.json'), 'utf8')
      .then((json) => (JSON.parse(json) as { key: string }).key)
      .catch(() => null);
    if (started !== key) {
      throw new PartMismatchError(`no open upload ${uploadId} of ${key}`);
    }
    return folder;
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
