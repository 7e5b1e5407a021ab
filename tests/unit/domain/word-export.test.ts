import { describe, expect, it } from 'vitest';
import { CsvImportError, exportAnki, exportCsv, importCsv, parseCsv, wordsToMerge } from '../../../src/domain/word-export';
import { savedWord } from '../../support/saved-word-fixtures';

const ORIGIN = 'https://news.example';
const NOW = new Date('2026-03-10T08:00:00.000Z');

describe('CSV export', () => {
  it('writes the header and one row per word, quoting commas, quotes and line breaks', () => {
    const csv = exportCsv([savedWord({ lemma: 'say', word: 'said', gloss: '说, 讲', sentence: 'He said, "no"\nand left.' })], ORIGIN);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('word,lemma,gloss,sentence,article_link,saved_at,due_at');
    expect(csv).toContain(
      'said,say,"说, 讲","He said, ""no""\nand left.",https://news.example/zh/articles/city-bikes,2026-03-01T10:00:00.000Z,',
    );
    expect(parseCsv(csv)[1]).toEqual([
      'said',
      'say',
      '说, 讲',
      'He said, "no"\nand left.',
      'https://news.example/zh/articles/city-bikes',
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
  });

  it('keeps a spreadsheet from running a cell as a formula, and the import takes the guard off again', () => {
    const word = savedWord({ lemma: 'minus', gloss: '=HYPERLINK("http://evil")', sentence: '-1 plus @two' });
    const csv = exportCsv([word], ORIGIN);
    const row = parseCsv(csv)[1]!;
    expect(row[2]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row[3]).toBe(`'-1 plus @two`);
    const [back] = importCsv(csv, NOW);
    expect(back?.gloss).toBe('=HYPERLINK("http://evil")');
    expect(back?.sentence).toBe('-1 plus @two');
  });
});

describe('Anki export', () => {
  it('writes Anki headers and notes: word with the sentence (word in bold), gloss, IPA and definition, HTML-escaped', () => {
    const text = exportAnki([savedWord({ lemma: 'harbour', word: 'harbours', sentence: 'Two <big> harbours\tclosed.' })]);
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack']);
    expect(lines[3]!.split('\t')).toEqual(['harbours<br>Two &lt;big&gt; <b>harbours</b> closed.', '港口<br>/ˈhɑːbə/<br>a sheltered port']);
  });
});

describe('CSV import', () => {
  it('reads our own export back and merges it without duplicates, keeping saved cards', () => {
    const harbour = savedWord({ lemma: 'harbour' });
    const tide = savedWord({ lemma: 'tide', savedAt: '2026-03-02T10:00:00.000Z' });
    const csv = exportCsv([harbour, tide], ORIGIN);
    const reviewed = { ...harbour, card: { ...harbour.card, due: '2026-05-01T00:00:00.000Z', reps: 3 } };

    const imported = importCsv(csv, NOW);
    expect(imported.map((word) => [word.id, word.articleId, word.glossLanguage, word.card.due])).toEqual([
      ['harbour', 'city-bikes', 'zh', '2026-03-01T10:00:00.000Z'],
      ['tide', 'city-bikes', 'zh', '2026-03-02T10:00:00.000Z'],
    ]);
    const fresh = wordsToMerge([reviewed], imported);
    expect(fresh.map((word) => word.id)).toEqual(['tide']);
    // Importing the same file again adds nothing.
    expect(wordsToMerge([reviewed, ...fresh], importCsv(csv, NOW))).toEqual([]);
  });

  it('refuses a file that is not ours, naming the line', () => {
    expect(() => importCsv('name,email\nAnn,ann@example.com\n', NOW)).toThrow(CsvImportError);
    expect(() => importCsv('name,email\n', NOW)).toThrow(/Line 1/);
    const badRow = 'word,lemma,gloss,sentence,article_link,saved_at,due_at\r\nrun,run,跑,,https://x.example/zh/articles/a,yesterday,\r\n';
    expect(() => importCsv(badRow, NOW)).toThrow(/Line 2: saved_at/);
    expect(() => importCsv('word,lemma\n"open', NOW)).toThrow(/Line 2: a quote is never closed/);
  });
});
