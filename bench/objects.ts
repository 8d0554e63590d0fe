// Object-store throughput for `npm run bench` (or alone: `node --import tsx bench/objects.ts`): BENCH_OBJECT_MIB
// (64) MiB up and down through each adapter, beside the same bytes moved without it, in the same run.
// - Embedded store: a signed-URL PUT and GET over real HTTP against the real server (started as production runs it),
//   the download streamed to a file, beside a plain stream copy of the same file on the same disk.
// - S3 adapter against s3rver on the loopback (a child process): a presigned PUT and GET by fetch, the server-side
//   `put` (lib-storage, in parts) and `open`, beside the SDK's own PutObject and GetObject of the same bytes.
// Each figure is the best of BENCH_OBJECT_ROUNDS (3) transfers, so a neighbour's burst on this 2-core box hurts less.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http, { type IncomingMessage } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { systemClock } from '../apps/server/src/jobs/clock.js';
import { LocalObjectStore, S3ObjectStore } from '../apps/server/src/providers/object-store/index.js';
import { start, startApiServer, stop } from './servers.mjs';

const MIB = 1024 * 1024;
const mebibytes = Number(process.env.BENCH_OBJECT_MIB ?? 64);
const rounds = Number(process.env.BENCH_OBJECT_ROUNDS ?? 3);
const TYPE = 'application/octet-stream';

export interface ObjectRow {
  adapter: 'local' | 's3';
  name: string;
  mibPerSecond: number;
  baseline: string;
  ratio: number;
}

/** The best throughput of `rounds` runs of `transfer`, in MiB/s. */
async function best(transfer: (round: number) => Promise<unknown>): Promise<number> {
  let fastest = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    const started = process.hrtime.bigint();
    await transfer(round);
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return mebibytes / fastest;
}

/**
 * One HTTP exchange by node:http, as lean a client as Node has (fetch's web streams halve a download's speed here):
 * PUTs `body` as a browser PUTs a File it holds, or streams the answer into `sink`.
 */
async function exchange(url: string, { body, sink }: { body?: Buffer; sink?: string }): Promise<void> {
  const headers = body ? { 'content-type': TYPE, 'content-length': body.length } : {};
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = http.request(url, { method: body ? 'PUT' : 'GET', headers }, resolve);
    request.once('error', reject);
    request.end(body);
  });
  if (response.statusCode !== 200) {
    throw new Error(`${url}: ${response.statusCode} ${(await response.toArray()).join('')}`);
  }
  await pipeline(
    response,
    sink ? createWriteStream(sink) : new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
}

const execFileAsync = promisify(execFile);

async function benchLocal(work: string, source: string, bytes: Buffer): Promise<ObjectRow[]> {
  const dataDir = path.join(work, 'server');
  const signingKey = randomBytes(32).toString('base64');
  const api = await startApiServer({ DATA_DIR: dataDir, OBJECT_SIGNING_KEY: signingKey });
  try {
    const store = new LocalObjectStore({ dataDir, signingKey, baseUrl: api.base, clock: systemClock });
    const copy = await best((round) =>
      pipeline(createReadStream(source), createWriteStream(path.join(work, `copy-${round}`))),
    );
    const policy = { contentTypes: [TYPE], maxBytes: mebibytes * MIB, expiresInSeconds: 600 };
    const upload = await best(async (round) => {
      const { url } = await store.presignPut(`bench/local-${round}.bin`, policy);
      await exchange(url, { body: bytes });
    });
    const download = await best(async (round) => {
      const { url } = await store.presignGet(`bench/local-${round}.bin`, 600);
      await exchange(url, { sink: path.join(work, `download-${round}`) });
    });
    const native = await best(async (round) => {
      const { url } = await store.presignGet(`bench/local-${round}.bin`, 600);
      await execFileAsync('curl', ['--fail', '--silent', '--output', path.join(work, `curl-${round}`), url]);
    });
    const baseline = 'plain file copy';
    return [
      { adapter: 'local', name: baseline, mibPerSecond: copy, baseline: '', ratio: 1 },
      { adapter: 'local', name: 'signed-URL PUT (upload)', mibPerSecond: upload, baseline, ratio: upload / copy },
      { adapter: 'local', name: 'signed-URL GET (download)', mibPerSecond: download, baseline, ratio: download / copy },
      { adapter: 'local', name: 'signed-URL GET by curl', mibPerSecond: native, baseline, ratio: native / copy },
    ];
  } finally {
    await stop(api);
  }
}

async function benchS3(work: string, bytes: Buffer): Promise<ObjectRow[]> {
  const s3rver = await start(['bench/s3-server.mjs'], {});
  try {
    const settings = {
      provider: 's3' as const,
      endpoint: s3rver.base,
      region: 'us-east-1',
      bucket: 'bench',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    const store = new S3ObjectStore(settings, systemClock);
    const sdk = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const sdkPut = await best((round) =>
      sdk.send(
        new PutObjectCommand({ Bucket: 'bench', Key: `bench/sdk-${round}.bin`, Body: bytes, ContentType: TYPE }),
      ),
    );
    const signedPut = await best(async (round) => {
      const { url } = await store.presignPut(`bench/signed-${round}.bin`, {
        contentTypes: [TYPE],
        maxBytes: bytes.length,
        expiresInSeconds: 600,
      });
      await exchange(url, { body: bytes });
    });
    const serverPut = await best((round) =>
      store.put(`bench/put-${round}.bin`, Readable.from(chunks(bytes)), { contentType: TYPE }),
    );
    const sdkGet = await best(async (round) => {
      const object = await sdk.send(new GetObjectCommand({ Bucket: 'bench', Key: `bench/sdk-${round}.bin` }));
      await pipeline(object.Body as Readable, createWriteStream(path.join(work, `sdk-get-${round}`)));
    });
    const signedGet = await best(async (round) => {
      const { url } = await store.presignGet(`bench/signed-${round}.bin`, 600);
      await exchange(url, { sink: path.join(work, `signed-get-${round}`) });
    });
    const serverOpen = await best(async (round) => {
      const object = await store.open(`bench/put-${round}.bin`);
      await pipeline(object!.stream, createWriteStream(path.join(work, `open-${round}`)));
    });
    sdk.destroy();
    const up = 'SDK PutObject';
    const down = 'SDK GetObject';
    return [
      { adapter: 's3', name: up, mibPerSecond: sdkPut, baseline: '', ratio: 1 },
      {
        adapter: 's3',
        name: 'presigned PUT (upload)',
        mibPerSecond: signedPut,
        baseline: up,
        ratio: signedPut / sdkPut,
      },
      {
        adapter: 's3',
        name: 'put, lib-storage parts',
        mibPerSecond: serverPut,
        baseline: up,
        ratio: serverPut / sdkPut,
      },
      { adapter: 's3', name: down, mibPerSecond: sdkGet, baseline: '', ratio: 1 },
      {
        adapter: 's3',
        name: 'presigned GET (download)',
        mibPerSecond: signedGet,
        baseline: down,
        ratio: signedGet / sdkGet,
      },
      {
        adapter: 's3',
        name: 'open (server-side read)',
        mibPerSecond: serverOpen,
        baseline: down,
        ratio: serverOpen / sdkGet,
      },
    ];
  } finally {
    await stop(s3rver);
  }
}

/** The bytes in 1 MiB chunks, as a server-side archive arrives. */
function* chunks(bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; offset += MIB) {
    yield bytes.subarray(offset, offset + MIB);
  }
}

export async function benchObjects(): Promise<ObjectRow[]> {
  console.log(`\nObject store (${mebibytes} MiB, best of ${rounds})`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-objects-'));
  try {
    const bytes = randomBytes(mebibytes * MIB);
    const source = path.join(work, 'source.bin');
    writeFileSync(source, bytes);
    const rows = [...(await benchLocal(work, source, bytes)), ...(await benchS3(work, bytes))];
    for (const row of rows) {
      const ratio = row.baseline ? `${row.ratio.toFixed(2)} × ${row.baseline}` : 'baseline';
      console.log(
        `  ${row.adapter.padEnd(5)} ${row.name.padEnd(26)} ${row.mibPerSecond.toFixed(0).padStart(5)} MiB/s  ${ratio}`,
      );
    }
    return rows.map((row) => ({
      ...row,
      mibPerSecond: Number(row.mibPerSecond.toFixed(1)),
      ratio: Number(row.ratio.toFixed(3)),
    }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchObjects();
}
