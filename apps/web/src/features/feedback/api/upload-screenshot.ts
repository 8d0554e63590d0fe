import { files } from '@suanli/contract';
import { http } from '@/shared/http';

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

/** PUTs the bytes to the signed link; XMLHttpRequest, because only it reports upload progress. */
function putBytes(url: string, file: File, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`upload answered ${request.status}`));
    request.onerror = () => reject(new Error('upload failed'));
    request.send(file);
  });
}

/**
 * Uploads one screenshot straight to the object store through a picture link (getImgPresignedUploadUrl) and answers
 * the key the feedback names it by.
 */
export async function uploadScreenshot(file: File, onProgress: (percent: number) => void): Promise<string> {
  const link = await http.call(files.getImageUploadUrl, { query: { fileName: uploadName(file) }, silent: true });
  await putBytes(link.url, file, onProgress);
  return link.key;
}
