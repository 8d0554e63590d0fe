export interface SignedPut {
  url: string;
  /** What the link was signed for; PUT unless the server says otherwise. */
  method?: string;
  contentType: string;
  body: Blob;
  /** The bytes sent so far, as the upload proceeds. */
  onSent: (bytes: number) => void;
}

/**
 * Sends bytes to an object store's signed link. XMLHttpRequest rather than fetch, because only it reports upload
 * progress; the store answers plainly, without our envelope, so any 2xx is success.
 */
export function putSigned({ url, method = 'PUT', contentType, body, onSent }: SignedPut) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => onSent(event.loaded);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`upload answered ${request.status}`));
    request.onerror = () => reject(new Error('upload failed'));
    request.send(body);
  });
}

/** The share of `total` bytes sent, as a whole percentage for a progress bar. */
export const percentOf = (total: number) => (bytes: number) => Math.round((bytes / Math.max(1, total)) * 100);
