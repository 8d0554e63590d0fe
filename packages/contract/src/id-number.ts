/** GB 11643-1999: the 18th character of a resident ID number checks the first 17 (ISO 7064 MOD 11-2). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/** 17 digits and a check character, X in either case. */
export const ID_NUMBER_PATTERN = /^\d{17}[\dXx]$/;

export function idNumberCheckCharacter(first17: string): string {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return CHECK_CHARACTERS[sum % 11]!;
}

/**
 * Whether an 18-character ID number's check character fits its first 17 digits. The console checks it before a
 * real-name attempt is spent on a typing mistake (issue 9); the sandbox provider checks it as a stand-in for the real
 * service.
 */
export function hasValidCheckCharacter(idNumber: string): boolean {
  return ID_NUMBER_PATTERN.test(idNumber) && idNumberCheckCharacter(idNumber) === idNumber[17]!.toUpperCase();
}
