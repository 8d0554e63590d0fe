// s3rver on the loopback for `npm run bench`'s object-store figures: a temporary folder, one bucket (`bench`),
// s3rver's own account (S3RVER / S3RVER); prints its address, and removes the folder when stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const directory = mkdtempSync(path.join(os.tmpdir(), 'suanli-bench-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: [{ name: 'bench', configs: [] }],
});
const { port } = await server.run();
console.log(`s3rver listening on http://127.0.0.1:${port}`);
process.once('SIGTERM', async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
});
