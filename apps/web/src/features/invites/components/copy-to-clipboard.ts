/**
 * Copies text, or a PNG image, to the clipboard. The Clipboard API is missing on an insecure origin and refuses
 * without a user gesture or permission: every such case is a rejected promise, for the caller to say "copy manually".
 */
export function copyText(text: string): Promise<void> {
  return Promise.resolve().then(() => navigator.clipboard.writeText(text));
}

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png');
  });
}

export function copyCanvas(canvas: HTMLCanvasElement | null | undefined): Promise<void> {
  return Promise.resolve().then(async () => {
    if (!canvas) {
      throw new Error('no QR code drawn');
    }
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': await pngOf(canvas) })]);
  });
}
