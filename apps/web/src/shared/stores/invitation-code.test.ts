import { beforeEach, describe, expect, it } from 'vitest';
import { forgetInvitationCode, readInvitationCode, rememberInvitationCode } from './invitation-code';

const DAY_MS = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 0, 1);

beforeEach(() => forgetInvitationCode());

describe('the remembered invitation code', () => {
  it('is read back for 30 days after the link was opened, as after a reload', () => {
    rememberInvitationCode('INV30D', NOW);
    expect(readInvitationCode(NOW + DAY_MS)).toBe('INV30D');
    expect(readInvitationCode(NOW + 30 * DAY_MS - 1)).toBe('INV30D');
  });

  it('is gone after 30 days, and stays gone', () => {
    rememberInvitationCode('INV30D', NOW);
    expect(readInvitationCode(NOW + 30 * DAY_MS)).toBe('');
    expect(localStorage.getItem('suanli.invitation-code')).toBeNull();
  });

  it('is gone once spent, and ignores a value this console did not write', () => {
    rememberInvitationCode('INV30D', NOW);
    forgetInvitationCode();
    expect(readInvitationCode(NOW)).toBe('');
    localStorage.setItem('suanli.invitation-code', 'not json');
    expect(readInvitationCode(NOW)).toBe('');
  });
});
