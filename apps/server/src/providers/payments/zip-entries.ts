import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The files of a ZIP archive (stored or deflated, as Alipay's bill archive is), by name, read through its central
 * directory, which holds the sizes a streamed local header leaves out. Anything else throws.
 */
export function zipEntries(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== END_OF_DIRECTORY) {
    end -= 1;
  }
  if (end < 0) {
    throw new Error('not a ZIP archive');
  }
  const count = archive.readUInt16LE(end + 10);
  let entry = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(entry) !== DIRECTORY_ENTRY) {
      throw new Error('broken ZIP directory');
    }
    const method = archive.readUInt16LE(entry + 10);
    const size = archive.readUInt32LE(entry + 20);
    const nameLength = archive.readUInt16LE(entry + 28);
    const skip = nameLength + archive.readUInt16LE(entry + 30) + archive.readUInt16LE(entry + 32);
    const local = archive.readUInt32LE(entry + 42);
    const name = archive.subarray(entry + 46, entry + 46 + nameLength).toString('utf8');
    if (archive.readUInt32LE(local) !== LOCAL_HEADER) {
      throw new Error('broken ZIP entry');
    }
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    if (method !== STORED && method !== DEFLATED) {
      throw new Error(`ZIP method ${method} not supported`);
    }
    files.set(name, method === STORED ? data : inflateRawSync(data));
    entry += 46 + skip;
  }
  return files;
}
