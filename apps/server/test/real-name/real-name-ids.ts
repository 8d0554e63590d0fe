// Computed here rather than imported, so that a wrong check in the server cannot agree with a wrong test.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

function checkCharacter(first17: string): string {
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index]!, 0);
  return '10X98765432'[sum % 11]!;
}

let sequence = 100 + Math.floor(Math.random() * 500);

/** A resident ID number with a correct GB 11643 check character, different on every call. */
export function validIdNumber(birthDate = '19900307', region = '110101'): string {
  sequence += 1;
  const first17 = `${region}${birthDate}${String(sequence % 1000).padStart(3, '0')}`;
  return `${first17}${checkCharacter(first17)}`;
}

/** The same number with a check character that does not fit it. */
export function withWrongCheck(idNumber: string): string {
  const right = idNumber[17]!;
  const wrong = right === '1' ? '2' : '1';
  return `${idNumber.slice(0, 17)}${wrong}`;
}
