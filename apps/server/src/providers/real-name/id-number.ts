import { hasValidCheckCharacter } from '@suanli/contract';

// The GB 11643 check character is the contract's, which the console checks with too.
export { idNumberCheckCharacter } from '@suanli/contract';

/** A birth date (characters 7–14) that exists on the calendar, from 1900 and not after today. */
function plausibleBirthDate(yyyymmdd: string, today: Date): boolean {
  const [year, month, day] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6, 8)].map(Number);
  const birth = new Date(Date.UTC(year!, month! - 1, day!));
  const exists = birth.getUTCFullYear() === year && birth.getUTCMonth() === month! - 1 && birth.getUTCDate() === day;
  return exists && year! >= 1900 && birth.getTime() <= today.getTime();
}

/** Well formed: 17 digits and a check character that fits them, with a plausible birth date. */
export function isPlausibleIdNumber(idNumber: string, today: Date): boolean {
  if (!/^\d{17}[\dX]$/.test(idNumber)) {
    return false;
  }
  return hasValidCheckCharacter(idNumber) && plausibleBirthDate(idNumber.slice(6, 14), today);
}

/** 2 to 40 characters of any script's letters (Han included), the middle dot of minority names, or spaces. */
export function isPlausibleRealName(realName: string): boolean {
  const characters = Array.from(realName);
  return (
    characters.length >= 2 && characters.length <= 40 && /^[\p{L}·\s]+$/u.test(realName) && /\p{L}/u.test(realName)
  );
}
