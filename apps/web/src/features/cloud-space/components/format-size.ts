const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes as people read them: 0 B, 3.1 KB, 120 GB (binary steps, as the free 120 GB are counted). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
