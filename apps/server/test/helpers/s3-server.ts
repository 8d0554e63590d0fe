import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/providers/object-store/index.js';

// s3rver's one account.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';
const BUCKET = 'suanli-test';

export interface S3TestServer {
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * s3rver on the loopback, a random port and a temporary folder, with what it lacks of S3 (3.7.1) added in front of
 * it, so that the S3 adapter is tested against S3's refusals and not s3rver's leniency:
 * - it checks a SigV4 signature's access key and a presigned link's expiry, but never the signature itself: the
 *   signature is recomputed here from the request, as S3 does (the payload hash taken as declared; S3 would also
 *   hash the body);
 * - it has no ListParts nor AbortMultipartUpload, accepts a part for an upload id it never started (or started for
 *   another key) and a completion naming a part with another tag: those are answered here from its upload folders.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'suanli-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const uploadsRoot = server.store.getResourcePath(BUCKET, undefined, 'uploads');
  server.middleware.unshift(async (ctx, next) => {
    const refusal = verifySignature(ctx) ?? (await checkMultipart(ctx, uploadsRoot));
    if (refusal === 'answered') {
      return;
    }
    if (refusal) {
      ctx.status = refusal.status;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code><Message>${refusal.code}</Message></Error>`;
      return;
    }
    await next();
  });
  const { port } = await server.run();
  return {
    settings: {
      provider: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface Refusal {
  status: number;
  code: string;
}

type Context = Parameters<Parameters<S3rver['middleware']['unshift']>[0]>[0];

const strict = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** The SigV4 check S3 makes: the signature over the method, path, query and signed headers, with the secret key. */
function verifySignature(ctx: Context): Refusal | null {
  const [rawPath, rawQuery = ''] = ctx.url.split('?') as [string, string?];
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name, value = ''] = pair.split('=') as [string, string?];
      return [decodeURIComponent(name), decodeURIComponent(value.replace(/\+/g, ' '))] as const;
    });
  const param = (name: string) => query.find(([key]) => key === name)?.[1];
  const authorization = ctx.get('authorization');
  let fields: { credential: string; signedHeaders: string; signature: string; date: string; payload: string };
  if (param('X-Amz-Algorithm')) {
    fields = {
      credential: param('X-Amz-Credential') ?? '',
      signedHeaders: param('X-Amz-SignedHeaders') ?? '',
      signature: param('X-Amz-Signature') ?? '',
      date: param('X-Amz-Date') ?? '',
      payload: param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    };
  } else if (authorization.startsWith('AWS4-HMAC-SHA256 ')) {
    const part = (name: string) => new RegExp(`${name}=([^,\\s]+)`).exec(authorization)?.[1] ?? '';
    fields = {
      credential: part('Credential'),
      signedHeaders: part('SignedHeaders'),
      signature: part('Signature'),
      date: ctx.get('x-amz-date'),
      payload: ctx.get('x-amz-content-sha256'),
    };
  } else {
    return { status: 403, code: 'AccessDenied' };
  }
  const canonicalQuery = query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${strict(name)}=${strict(value)}`)
    .sort()
    .join('&');
  const names = fields.signedHeaders.split(';');
  const headers = names.map((name) => `${name}:${ctx.get(name).trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [ctx.method, rawPath, canonicalQuery, headers, fields.signedHeaders, fields.payload].join('\n');
  const [accessKey, day, region, service] = fields.credential.split('/') as [string, string, string, string];
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', fields.date, scope, sha256(canonical)].join('\n');
  const key = ['aws4_request'].reduce(
    (previous, text) => hmac(previous, text),
    hmac(hmac(hmac(`AWS4${SECRET_KEY}`, day), region), service),
  );
  const expected = hmac(key, toSign);
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(fields.signature) ? fields.signature : '', 'hex');
  const valid = accessKey === ACCESS_KEY && given.length === 32 && timingSafeEqual(given, expected);
  return valid ? null : { status: 403, code: 'SignatureDoesNotMatch' };
}

/** The multipart calls s3rver lacks or lets through: answered here, or `null` to let s3rver answer. */
async function checkMultipart(ctx: Context, uploadsRoot: string): Promise<Refusal | 'answered' | null> {
  const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
  if (uploadId === null) {
    return null;
  }
  const key = decodeURIComponent(ctx.path.slice(`/${BUCKET}/`.length));
  const folder = path.join(uploadsRoot, path.basename(uploadId));
  const started = await readFile(path.join(folder, 'key'), 'utf8').catch(() => null);
  if (!/^[0-9a-f]+$/.test(uploadId) || started !== key) {
    return { status: 404, code: 'NoSuchUpload' };
  }
  const parts = async () => {
    const numbers = (await readdir(folder)).filter((name) => /^\d+$/.test(name)).map(Number);
    return Promise.all(
      numbers
        .sort((a, b) => a - b)
        .map(async (number) => ({
          number,
          etag: await readFile(path.join(folder, `${number}.md5`), 'utf8'),
          size: (await stat(path.join(folder, String(number)))).size,
        })),
    );
  };
  if (ctx.method === 'GET') {
    const listed = (await parts())
      .map(
        (part) =>
          `<Part><PartNumber>${part.number}</PartNumber><ETag>"${part.etag}"</ETag><Size>${part.size}</Size></Part>`,
      )
      .join('');
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${listed}</ListPartsResult>`;
    return 'answered';
  }
  if (ctx.method === 'DELETE') {
    await rm(folder, { recursive: true, force: true });
    ctx.status = 204;
    return 'answered';
  }
  if (ctx.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) {
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    const held = new Map((await parts()).map((part) => [part.number, part.etag]));
    const named = [...body.toString('utf8').matchAll(/<Part>(.*?)<\/Part>/gs)].map(([, part]) => ({
      number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
      etag: (/<ETag>(.*?)<\/ETag>/.exec(part!)?.[1] ?? '').replace(/&quot;|"/g, ''),
    }));
    if (named.some((part) => held.get(part.number) !== part.etag)) {
      return { status: 400, code: 'InvalidPart' };
    }
    // s3rver reads the body again.
    ctx.req = Object.assign(Readable.from([body]), { headers: ctx.req.headers }) as unknown as typeof ctx.req;
  }
  return null;
}
