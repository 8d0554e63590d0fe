import { PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { attachmentNamed } from './disposition.js';
import { isSafeObjectKey } from './keys.js';
import { PartMismatchError } from './local.js';
import type { ObjectBody, ObjectStore, PartOf, PutPolicy, SignedUrl, UploadedPart } from './types.js';

export type S3Settings = Extract<Config['storage'], { provider: 's3' }>;

// What S3 answers when an upload id is unknown (aborted, completed, another key's) or a completion names parts it does
// not hold: the same refusals the embedded store raises as PartMismatchError.
type PresignOptions = NonNullable<Parameters<typeof getSignedUrl>[2]>;

const PART_ERRORS = new Set(['NoSuchUpload', 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall']);

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const nameOf = (error: unknown) => (error instanceof S3ServiceException ? error.name : '');

/**
 * Objects in an S3-compatible bucket, reached by the browser through presigned links (SigV4 in the query): S3 checks
 * the signature, which covers the method, the key, the expiry and the signed headers, so a link opens one key for one
 * purpose until it expires. Links are signed at the platform clock's time, as the embedded store's expiries are.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly clock: Clock,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: a default CRC32 would be signed into upload links, and a browser PUT
      // cannot send it; several S3-compatible services do not know these headers either.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * With one allowed type, the type is signed and S3 refuses any other. A PUT link cannot carry several types nor a
   * size limit (only an exact Content-Length could be signed, and the size is not known here): with several types, or
   * for `maxBytes`, the caller checks the stored object after the upload — `readHead`'s type and `sizeOf` — and deletes
   * what breaks its policy, as the avatar and cloud-space calls that take an uploaded key do.
   */
  async presignPut(key: string, policy: PutPolicy): Promise<SignedUrl & { method: 'PUT' }> {
    const contentType = policy.contentTypes.length === 1 ? policy.contentTypes[0] : undefined;
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: this.checked(key), ContentType: contentType });
    // The presigner signs only the host unless told; with the type signed, a PUT of another type is refused.
    const signed = contentType ? ['content-type'] : [];
    return {
      ...(await this.sign((options) => getSignedUrl(this.client, command, options), policy.expiresInSeconds, signed)),
      method: 'PUT',
    };
  }

  /**
   * Without a name, the object is answered with the type it was stored with and no disposition: the bucket is an
   * origin of its own, never the console's, so even an HTML object cannot reach the console's token.
   */
  presignGet(key: string, expiresInSeconds: number, options: { fileName?: string } = {}): Promise<SignedUrl> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.checked(key),
      ResponseContentDisposition: options.fileName ? attachmentNamed(options.fileName) : undefined,
    });
    return this.sign((options) => getSignedUrl(this.client, command, options), expiresInSeconds);
  }

  async presignPart(key: string, { uploadId, partNumber }: PartOf, expiresInSeconds: number) {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: this.checked(key),
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return {
      ...(await this.sign((options) => getSignedUrl(this.client, command, options), expiresInSeconds)),
      method: 'PUT' as const,
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  async sizeOf(key: string): Promise<number | null> {
    const head = await this.missingAsNull(() =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) })),
    );
    return head ? (head.ContentLength ?? 0) : null;
  }

  async readHead(key: string, bytes: number): Promise<{ head: Buffer; contentType: string } | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.checked(key),
      Range: `bytes=0-${bytes - 1}`,
    });
    try {
      const object = await this.missingAsNull(() => this.client.send(command));
      if (!object?.Body) {
        return null;
      }
      const head = Buffer.from(await object.Body.transformToByteArray());
      return { head, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      // An empty object has no byte 0 to range over.
      if (statusOf(error) !== 416) {
        throw error;
      }
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { head: Buffer.alloc(0), contentType: head.ContentType ?? 'application/octet-stream' };
    }
  }

  /** Streams the body up in parts (lib-storage), so an archive of unknown length never sits whole in memory. */
  async put(key: string, body: Readable, meta: { contentType: string }): Promise<number> {
    let size = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (size += chunk.length));
    body.once('error', (error) => counted.destroy(error));
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.checked(key), Body: counted, ContentType: meta.contentType },
    });
    await upload.done();
    return size;
  }

  async open(key: string): Promise<ObjectBody | null> {
    const object = await this.missingAsNull(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) })),
    );
    if (!object?.Body) {
      return null;
    }
    return {
      stream: object.Body as Readable,
      size: object.ContentLength ?? 0,
      contentType: object.ContentType ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  async createMultipart(key: string, meta: { contentType: string }): Promise<{ uploadId: string }> {
    const started = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.checked(key), ContentType: meta.contentType }),
    );
    if (!started.UploadId) {
      throw new Error(`the store started no upload of ${key}`);
    }
    return { uploadId: started.UploadId };
  }

  /** Every part received, across ListParts pages (1,000 parts a page). */
  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    do {
      const page = await this.partsRefused(() =>
        this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: this.checked(key),
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        ),
      );
      for (const part of page.Parts ?? []) {
        parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
      }
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  async completeMultipart(key: string, uploadId: string, parts: readonly Omit<UploadedPart, 'size'>[]) {
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    if (ordered.length === 0) {
      throw new PartMismatchError(`upload ${uploadId} names no part`);
    }
    await this.partsRefused(() =>
      this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.checked(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: ordered.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      ),
    );
    const size = await this.sizeOf(key);
    if (size === null) {
      throw new Error(`completed upload ${uploadId} left no object at ${key}`);
    }
    return size;
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.partsRefused(() =>
      this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.checked(key), UploadId: uploadId }),
      ),
    );
  }

  /** A link signed at the clock's time, valid for `expiresIn` seconds from it, with the headers named signed too. */
  private async sign(
    presign: (options: PresignOptions) => Promise<string>,
    expiresIn: number,
    signedHeaders: string[] = [],
  ): Promise<SignedUrl> {
    const signingDate = this.clock.now();
    const url = await presign({ expiresIn, signingDate, signableHeaders: new Set(signedHeaders) });
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000) };
  }

  /** The same keys as the embedded store: an unsafe one is a programming error, refused before any request. */
  private checked(key: string): string {
    if (!isSafeObjectKey(key)) {
      throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
    }
    return key;
  }

  private async missingAsNull<T>(request: () => Promise<T>): Promise<T | null> {
    try {
      return await request();
    } catch (error) {
      if (statusOf(error) === 404) {
        return null;
      }
      throw error;
    }
  }

  private async partsRefused<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (PART_ERRORS.has(nameOf(error))) {
        throw new PartMismatchError(`${nameOf(error)}: ${(error as Error).message}`);
      }
      throw error;
    }
  }
}
