/**
 * The magic numbers that open each image type an avatar may be (the formats' own specifications: PNG's 8-byte
 * signature, JPEG's SOI marker, GIF's version header, WebP's RIFF container). A client names a content type; the bytes
 * have to agree, or a text file renamed `.png` would become a broken avatar.
 */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')),
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** How many leading bytes the check reads. */
export const SIGNATURE_BYTES = 12;

/** Whether the bytes begin as the declared image type does; a type without a known signature never matches. */
export function matchesImageType(contentType: string, head: Buffer): boolean {
  return SIGNATURES[contentType]?.(head) ?? false;
}
