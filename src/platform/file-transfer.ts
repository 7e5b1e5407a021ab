/** Saves text as a file the browser downloads (export of saved words). */

/**
 * The file's text. A CSV starts with a byte-order mark, so spreadsheet programs read the UTF-8 of
 * Chinese and Spanish glosses correctly; nothing else does: older Anki reads "\uFEFF#separator:tab"
 * as a note instead of its header.
 */
export function fileText(text: string, type: string): string {
  return /^text\/csv\b/i.test(type) ? `\uFEFF${text}` : text;
}

export function downloadText(fileName: string, text: string, type: string): void {
  const blob = new Blob([fileText(text, type)], { type });
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
