import type { AvatarUploadTarget } from './get-avatar-upload-url';

/**
 * PUTs the file's bytes to the signed URL with its content type. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; the object store answers plainly, without our envelope.
 */
export function putAvatarObject(target: AvatarUploadTarget, file: File, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(target.method, target.url);
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
