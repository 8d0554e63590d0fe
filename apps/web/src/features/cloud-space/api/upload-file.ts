import { CLOUD_SPACE, files } from '@suanli/contract';
import { http, putSigned } from '@/shared/http';

type CloudUpload = files.CloudUpload;
type MultipartUpload = Extract<CloudUpload, { mode: 'multipart' }>;

const PART_ATTEMPTS = 5;
const RETRY_BASE_MS = 1_000;

const putBytes = (url: string, body: Blob, onSent: (bytes: number) => void) =>
  putSigned({ url, contentType: CLOUD_SPACE.contentType, body, onSent });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the parts the store does not hold yet, one at a time. A part that fails (a dropped connection) is sent again
 * after a growing pause, with fresh links from the parts the store lists; the parts already received are not resent.
 */
async function sendParts(file: File, upload: MultipartUpload, onProgress: (fraction: number) => void) {
  let current = upload;
  const sent = new Map<number, number>(
    current.uploadedParts.map((partNumber) => [partNumber, partBlob(file, current, partNumber).size]),
  );
  const report = () => onProgress([...sent.values()].reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, file.size));
  report();
  for (let attempt = 1; current.parts.length > 0; attempt += 1) {
    try {
      for (const part of current.parts) {
        await putBytes(part.url, partBlob(file, current, part.partNumber), (bytes) => {
          sent.set(part.partNumber, bytes);
          report();
        });
      }
      return;
    } catch (error) {
      if (attempt >= PART_ATTEMPTS) {
        throw error;
      }
      await pause(RETRY_BASE_MS * attempt);
      current = (await http.call(files.listUserDataUploadParts, {
        query: { uploadKey: upload.uploadKey },
      })) as MultipartUpload;
    }
  }
}

function partBlob(file: File, upload: MultipartUpload, partNumber: number) {
  const start = (partNumber - 1) * upload.partSize;
  return file.slice(start, start + upload.partSize);
}

/**
 * Uploads a file into a folder of the cloud space: one PUT for a small file, parts for a large one. Choosing the same
 * file again after a reload resumes its upload: the server answers the upload under way with the parts it holds.
 */
export async function uploadFile(file: File, path: string, onProgress: (fraction: number) => void) {
  const upload = await http.call(files.getUserDataUploadUrl, {
    query: { fileName: file.name, path, size: file.size },
    silent: true,
  });
  if (upload.mode === 'single') {
    await putBytes(upload.url, file, (bytes) => onProgress(bytes / Math.max(1, file.size)));
  } else {
    await sendParts(file, upload, onProgress);
  }
  onProgress(1);
  return http.call(files.finishUserDataUpload, { query: { uploadKey: upload.uploadKey }, silent: true });
}
