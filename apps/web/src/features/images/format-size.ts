const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes as people read it: 1.5 GB, 320 KB (binary multiples, as disks are sold here). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}
