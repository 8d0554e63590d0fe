import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** A `?path=` that leaves the data disk: `..`, an absolute path, or a symlink whose target lies outside. */
export class OutsideDiskError extends Error {}

/** The folders of a `?path=` relative to the data disk; `''` is the disk itself. */
export function segmentsOf(relative) {
  if (relative.includes('\0') || relative.includes('\\') || path.isAbsolute(relative)) {
    throw new OutsideDiskError(relative);
  }
  const segments = relative.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) {
    throw new OutsideDiskError(relative);
  }
  return segments;
}

const isInside = (root, target) => target === root || target.startsWith(root + path.sep);

/**
 * The real path of `relative` on the disk, or null when nothing is there. Symlinks are resolved before the check, so
 * one pointing outside is refused however it is reached; callers open the resolved path, never the one given.
 */
export async function resolveOnDisk(disk, relative) {
  const segments = segmentsOf(relative);
  const root = await realpath(disk);
  let target;
  try {
    target = await realpath(path.join(root, ...segments));
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
      return null;
    }
    throw error;
  }
  if (!isInside(root, target)) {
    throw new OutsideDiskError(relative);
  }
  return { root, target, segments, stats: await stat(target) };
}

/**
 * A folder's entries, folders first. An entry that is a symlink out of the disk (or dangling) is left out: listing
 * it would reveal the size of what it points to.
 */
export async function listFolder(root, folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const listed = await Promise.all(
    entries.map(async (entry) => {
      try {
        const target = await realpath(path.join(folder, entry.name));
        if (!isInside(root, target)) {
          return null;
        }
        const stats = await stat(target);
        return { name: entry.name, folder: stats.isDirectory(), size: stats.size };
      } catch {
        return null;
      }
    }),
  );
  return listed
    .filter((entry) => entry !== null)
    .sort((a, b) => Number(b.folder) - Number(a.folder) || a.name.localeCompare(b.name));
}
