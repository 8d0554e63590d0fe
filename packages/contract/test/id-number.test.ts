import { describe, expect, it } from 'vitest';
import { hasValidCheckCharacter, idNumberCheckCharacter } from '../src/id-number.js';

describe('the GB 11643 check character', () => {
  it('accepts numbers whose 18th character checks the first 17, X in either case', () => {
    expect(idNumberCheckCharacter('11010519491231002')).toBe('X');
    expect(hasValidCheckCharacter('11010519491231002X')).toBe(true);
    expect(hasValidCheckCharacter('11010519491231002x')).toBe(true);
    expect(hasValidCheckCharacter('440524188001010014')).toBe(true);
  });

  it('refuses a wrong check character, and anything not 17 digits and a check character', () => {
    expect(hasValidCheckCharacter('110105194912310021')).toBe(false);
    expect(hasValidCheckCharacter('440524188001010015')).toBe(false);
    expect(hasValidCheckCharacter('44052418800101001')).toBe(false);
    expect(hasValidCheckCharacter('4405241880010100X4')).toBe(false);
  });
});
