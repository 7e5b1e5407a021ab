import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText, fileText } from '../../../src/platform/file-transfer';

function bytesOf(blob: Blob): Promise<number[]> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.readAsArrayBuffer(blob);
  });
}

describe('downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts the CSV with a byte-order mark, and the Anki file with its #separator:tab header', () => {
    expect(fileText('word,lemma\r\n', 'text/csv;charset=utf-8')).toBe('\uFEFFword,lemma\r\n');
    expect(fileText('#separator:tab\n', 'text/tab-separated-values;charset=utf-8')).toBe('#separator:tab\n');
  });

  it('downloads those bytes under the file name', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    downloadText('words.txt', '#s', 'text/tab-separated-values;charset=utf-8');
    downloadText('words.csv', 'w', 'text/csv;charset=utf-8');

    expect(names).toEqual(['words.txt', 'words.csv']);
    expect(await bytesOf(blobs[0]!)).toEqual([0x23, 0x73]);
    expect(await bytesOf(blobs[1]!)).toEqual([0xef, 0xbb, 0xbf, 0x77]);
  });
});
