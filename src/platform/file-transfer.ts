/** Saves text as a file the browser downloads (export of saved words). */
export function downloadText(fileName: string, text: string, type: string): void {
  // A BOM lets spreadsheet programs read the UTF-8 of Chinese and Spanish glosses correctly.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
