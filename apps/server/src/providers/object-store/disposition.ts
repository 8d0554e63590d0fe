/**
 * The Content-Disposition that saves a download under `fileName` (RFC 6266): an ASCII fallback for old clients and the
 * exact name in UTF-8, so Chinese names survive. Both adapters answer named links with it.
 */
export function attachmentNamed(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
