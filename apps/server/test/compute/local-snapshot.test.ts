import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { LocalComputeDriver } from '../../src/providers/compute/index.js';
import { objectStoreIn } from '../helpers/workspaces.js';

// A save is retried by the minute job while its image is still uploading: the local driver joins the snapshot of
// that key already being written instead of archiving the disk again.
describe('the local driver’s snapshot', () => {
  it('archives a disk once when the same key is asked for again while it is written', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'suanli-snapshot-'));
    const store = objectStoreIn(dataDir);
    let writes = 0;
    const counted = Object.assign(Object.create(store) as typeof store, {
      put(key: string, body: Readable, meta: { contentType: string }) {
        writes += 1;
        return store.put(key, body, meta);
      },
    });
    const driver = new LocalComputeDriver({
      dataDir,
      clock: systemClock,
      startTimeoutMs: 10_000,
      objectStore: counted,
    });
    const disk = path.join(dataDir, 'apps', '12', 'data');
    await mkdir(disk, { recursive: true });
    await writeFile(path.join(disk, 'weights.bin'), Buffer.alloc(200_000, 7));

    const [first, second] = await Promise.all([
      driver.snapshot('12', 'user-images/1/12-1.tar.gz'),
      driver.snapshot('12', 'user-images/1/12-1.tar.gz'),
    ]);
    expect(second).toBe(first);
    expect(writes).toBe(1);
    // Once written, a later save of the key archives the disk again, as it is then.
    await driver.snapshot('12', 'user-images/1/12-1.tar.gz');
    expect(writes).toBe(2);
    await driver.close();
  });
});
