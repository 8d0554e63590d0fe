import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('shows bytes whole and larger sizes in binary steps, with one decimal below 100 of a unit', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2_048)).toBe('2 KB');
    expect(formatBytes(17 * 1024 ** 2)).toBe('17 MB');
    expect(formatBytes(4_265_380_512)).toBe('4 GB');
    expect(formatBytes(120 * 1024 ** 3)).toBe('120 GB');
    expect(formatBytes(37_861_176)).toBe('36.1 MB');
  });
});
