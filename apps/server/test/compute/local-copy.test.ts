import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/jobs/clock.js';
import { LocalComputeDriver, type IncomingFile } from '../../src/providers/compute/index.js';
import { objectStoreIn } from '../helpers/workspaces.js';

// copyIn on the local driver, without a workspace process: the data disk is a folder, and what a copy may write is
// decided by the same rules the workspace's file browser reads it by.
let dataDir: string;
let driver: LocalComputeDriver;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'suanli-copy-'));
  driver = new LocalComputeDriver({
    dataDir,
    clock: systemClock,
    startTimeoutMs: 10_000,
    objectStore: objectStoreIn(dataDir),
  });
});
afterAll(() => driver.close());

const disk = (id: string, ...parts: string[]) => path.join(dataDir, 'apps', id, 'data', ...parts);

const file = (filePath: string, bytes: Buffer): IncomingFile => ({
  path: filePath,
  size: bytes.length,
  // Small chunks, so that progress is heard more than once per file.
  open: () => Promise.resolve(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)])),
  url: () => Promise.reject(new Error('the local driver reads the bytes itself')),
});

describe('copyIn on the local driver', () => {
  it('writes each file at its path with progress growing to the total, leaving no partial file', async () => {
    const first = Buffer.alloc(2500, 1);
    const second = Buffer.alloc(1200, 2);
    const progress: number[] = [];
    await driver.copyIn('31', [file('models/a/one.bin', first), file('models/a/sub/two.bin', second)], (done) => {
      progress.push(done);
    });
    expect(readFileSync(disk('31', 'models/a/one.bin')).equals(first)).toBe(true);
    expect(readFileSync(disk('31', 'models/a/sub/two.bin')).equals(second)).toBe(true);
    expect(progress).toEqual([1000, 2500, 3500, 3700]);
    expect(readdirSync(disk('31', 'models/a')).sort()).toEqual(['one.bin', 'sub']);
  });

  it('refuses a path that leaves the disk, by `..`, an absolute path or a symlink to outside', async () => {
    mkdirSync(disk('32'), { recursive: true });
    const outside = mkdtempSync(path.join(tmpdir(), 'suanli-outside-'));
    symlinkSync(outside, disk('32', 'escape'));
    for (const bad of ['../escaped.bin', 'models/../../escaped.bin', '/etc/escaped.bin', 'escape/escaped.bin', '']) {
      await expect(driver.copyIn('32', [file(bad, Buffer.alloc(10))], () => undefined)).rejects.toThrow();
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'apps', '32', 'escaped.bin'))).toBe(false);
  });
});
