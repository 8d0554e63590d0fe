import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create, extract, type ReadEntry } from 'tar';
import type { ObjectStore } from '../object-store/types.js';

const CONTENT_TYPE = 'application/gzip';

/** The bytes of the regular files under `folder`: what a snapshot's progress is measured against. */
async function bytesUnder(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      total += await bytesUnder(full);
    } else if (entry.isFile()) {
      total += (await lstat(full)).size;
    }
  }
  return total;
}

/**
 * Writes a gzipped tar of `folder` (paths relative to it) into the store under `key`, streamed without a shell or a
 * temporary file; answers the archive's size. `onProgress` hears the share of the files' bytes archived so far.
 */
export async function archiveFolder(
  store: Pick<ObjectStore, 'put'>,
  { folder, key, onProgress }: { folder: string; key: string; onProgress?: ((done: number) => void) | undefined },
): Promise<number> {
  const total = await bytesUnder(folder);
  let archived = 0;
  const pack = create(
    {
      gzip: true,
      cwd: folder,
      portable: true,
      onWriteEntry: (entry) => {
        archived += entry.stat?.isFile() ? entry.stat.size : 0;
        onProgress?.(total === 0 ? 1 : archived / total);
      },
    },
    ['.'],
  );
  return store.put(key, Readable.from(pack), { contentType: CONTENT_TYPE });
}

/** Whether an entry would write outside the disk: an absolute path, a `..`, or a link pointing either way. */
export function leavesFolder(entryPath: string, linkPath?: string): boolean {
  const escapes = (target: string) =>
    path.isAbsolute(target) || path.posix.normalize(target.replaceAll('\\', '/')).split('/').includes('..');
  return escapes(entryPath) || (linkPath !== undefined && linkPath !== '' && escapes(linkPath));
}

/**
 * Unpacks the archive stored under `key` into `folder`, which must not exist yet: into a sibling first, renamed into
 * place once whole, so that a crash midway leaves no half-restored disk (the next start restores again). An entry that
 * would leave the folder makes the whole restore fail rather than be skipped silently.
 */
export async function restoreFolder(store: Pick<ObjectStore, 'open'>, key: string, folder: string): Promise<void> {
  const object = await store.open(key);
  if (!object) {
    throw new Error(`the saved image's archive ${key} is gone`);
  }
  const staging = `${folder}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  let refused: string | null = null;
  await pipeline(
    object.stream,
    extract({
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) => {
        const linkPath = (entry as ReadEntry).linkpath;
        if (leavesFolder(entryPath, linkPath)) {
          refused ??= entryPath;
          return false;
        }
        return true;
      },
    }),
  );
  if (refused !== null) {
    await rm(staging, { recursive: true, force: true });
    throw new Error(`the saved image's archive has an entry outside the disk: ${refused}`);
  }
  await rename(staging, folder);
}
