import { LIMITS } from '@suanli/contract';

// Chinese and Japanese are written without spaces, so each of their characters counts as a word of its own.
const WORDS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
// Separators left dangling at the end once the words after them are dropped ("PyTorch 2.3 +" reads as cut).
const TRAILING_SEPARATORS = /[\s\-–—+/|:·,，、。：]+$/u;

/**
 * The name an application gets when its user gives none: its image and GPU model. When both do not fit the name's
 * limit, the image's name alone, shortened to whole words (the list shows the GPU model in a column of its own).
 */
export function defaultAppName(imageName: string, gpuModel: string, maxLength = LIMITS.appNameMaxLength): string {
  const full = `${imageName.trim()} ${gpuModel.trim()}`.trim();
  return full.length <= maxLength ? full : shortenToWords(imageName.trim(), maxLength);
}

/** The longest run of whole words that fits; a single word longer than the limit is cut, and says so with "…". */
function shortenToWords(text: string, maxLength: number): string {
  if (text.length <= maxLength) {
    return text;
  }
  let kept = '';
  for (const match of text.matchAll(WORDS)) {
    const end = match.index + match[0].length;
    if (end > maxLength) {
      break;
    }
    kept = text.slice(0, end);
  }
  const shortened = kept.replace(TRAILING_SEPARATORS, '');
  // Never leave half of a surrogate pair behind.
  return shortened || `${text.slice(0, maxLength - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
