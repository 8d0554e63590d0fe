/** Hands the browser a file made on the page to save, as clicking a download link would. */
export function saveFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Firefox follows only a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: revoking at once may cancel the download before the browser has started it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
