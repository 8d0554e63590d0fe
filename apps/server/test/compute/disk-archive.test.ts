import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { archiveFolder, restoreFolder } from '../../src/providers/compute/disk-archive.js';
import { objectStoreIn } from '../helpers/workspaces.js';

// The local driver's archives of a data disk: a round trip through the embedded object store, and an archive whose
// entries would write outside the disk, refused as a whole.
const scratch = () => mkdtempSync(path.join(tmpdir(), 'suanli-archive-'));

describe('a data disk archive', () => {
  it('restores the files it saved, and reports its progress up to the whole', async () => {
    const root = scratch();
    const store = objectStoreIn(root);
    const disk = path.join(root, 'disk');
    await mkdir(path.join(disk, 'nested'), { recursive: true });
    await writeFile(path.join(disk, 'nested', 'weights.bin'), Buffer.alloc(100_000, 3));
    await writeFile(path.join(disk, 'notes.txt'), 'hello');
    const seen: number[] = [];
    const size = await archiveFolder(store, {
      folder: disk,
      key: 'a/disk.tar.gz',
      onProgress: (done) => seen.push(done),
    });
    expect(size).toBe(await store.sizeOf('a/disk.tar.gz'));
    expect(seen.at(-1)).toBe(1);

    const copy = path.join(root, 'copy');
    await restoreFolder(store, 'a/disk.tar.gz', copy);
    expect(await readFile(path.join(copy, 'notes.txt'), 'utf8')).toBe('hello');
    expect((await readFile(path.join(copy, 'nested', 'weights.bin'))).length).toBe(100_000);
  });

  it('is refused, leaving no disk, when an entry would land outside it', async () => {
    const root = scratch();
    const store = objectStoreIn(root);
    await mkdir(path.join(root, 'inside'), { recursive: true });
    await writeFile(path.join(root, 'outside.txt'), 'escaped');
    const hostile = create({ gzip: true, cwd: path.join(root, 'inside'), preservePaths: true }, ['../outside.txt']);
    await store.put('a/hostile.tar.gz', Readable.from(hostile), { contentType: 'application/gzip' });

    const target = path.join(root, 'restored', 'data');
    await mkdir(path.dirname(target), { recursive: true });
    await expect(restoreFolder(store, 'a/hostile.tar.gz', target)).rejects.toThrow('outside the disk');
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(root, 'restored', 'outside.txt'))).toBe(false);
  });
});
