/** Hands a downloaded file to the browser, which saves it under `filename` (an object URL and a temporary link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next turn: some browsers read the URL only after click() has returned.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
