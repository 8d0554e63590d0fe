import { STORAGE_KEYS } from '../config/site';

/** How long an invitation link is remembered without a registration, as invite programmes usually honour it. */
const KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

interface Remembered {
  code: string;
  until: number;
}

/** The invitation code of a link opened within the last 30 days, or '' (spec §2, issue 9). */
export function readInvitationCode(now = Date.now()): string {
  try {
    const remembered = JSON.parse(localStorage.getItem(STORAGE_KEYS.invitationCode) ?? 'null') as Remembered | null;
    if (remembered && typeof remembered.code === 'string' && remembered.until > now) {
      return remembered.code;
    }
  } catch {
    // A value this console did not write is no code.
  }
  forgetInvitationCode();
  return '';
}

export function rememberInvitationCode(code: string, now = Date.now()): void {
  const remembered: Remembered = { code, until: now + KEEP_DAYS * DAY_MS };
  localStorage.setItem(STORAGE_KEYS.invitationCode, JSON.stringify(remembered));
}

export function forgetInvitationCode(): void {
  localStorage.removeItem(STORAGE_KEYS.invitationCode);
}
