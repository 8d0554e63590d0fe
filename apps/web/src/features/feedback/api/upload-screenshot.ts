import { files } from '@suanli/contract';
import { http, percentOf, putSigned } from '@/shared/http';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const SCREENSHOT_TYPES = Object.keys(EXTENSIONS);

/** The server names the object by the file's extension, so a pasted image without one gets its type's. */
function uploadName(file: File): string {
  return /\.(png|jpe?g|webp|gif)$/i.test(file.name) ? file.name : `screenshot.${EXTENSIONS[file.type] ?? 'png'}`;
}

/**
 * Uploads one screenshot straight to the object store through a picture link (getImgPresignedUploadUrl) and answers
 * the key the feedback names it by.
 */
export async function uploadScreenshot(file: File, onProgress: (percent: number) => void): Promise<string> {
  const link = await http.call(files.getImageUploadUrl, { query: { fileName: uploadName(file) }, silent: true });
  await putSigned({
    url: link.url,
    contentType: file.type,
    body: file,
    onSent: (bytes) => onProgress(percentOf(file.size)(bytes)),
  });
  return link.key;
}
