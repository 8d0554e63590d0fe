import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('shows bytes whole and larger sizes with one decimal in powers of 1000', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(4_265_380_512)).toBe('4.3 GB');
    expect(formatBytes(37_861_176)).toBe('37.9 MB');
    expect(formatBytes(2_048)).toBe('2.0 KB');
  });
});
