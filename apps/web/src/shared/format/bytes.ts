const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes as people read it: 0 B, 3.1 KB, 17 MB, 120 GB. Binary steps, as the platform counts its GB (the free
 * 120 GB of cloud space, image allowances, data disks); one decimal below 100 of a unit, none from there or for bytes.
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
