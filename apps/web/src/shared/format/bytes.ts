const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes as people read it, in powers of 1000 with one decimal from KB up: 4.3 GB, 512 B. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
