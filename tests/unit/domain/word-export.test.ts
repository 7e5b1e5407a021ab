import { describe, expect, it } from 'vitest';
import { decodeSavedWord } from '../../../src/domain/saved-word-codec';
import { SAVED_WORDS_TEXTS } from '../../../src/domain/saved-words-texts';
import {
  CSV_IMPORT_REASONS,
  CsvImportError,
  csvImportReasonOf,
  exportAnki,
  exportCsv,
  importCsv,
  parseCsv,
  wordsToMerge,
} from '../../../src/domain/word-export';
import { savedWord } from '../../support/saved-word-fixtures';

const ORIGIN = 'https://news.example';
const NOW = new Date('2026-03-10T08:00:00.000Z');
const HEADER = 'word,lemma,gloss,sentence,article_link,saved_at,due_at';
const LINK = 'https://x.example/zh/articles/a';
const SAVED = '2026-03-01T10:00:00.000Z';

function refusal(csv: string): { line: number; reason: string } | null {
  try {
    importCsv(csv, NOW);
    return null;
  } catch (error) {
    if (!(error instanceof CsvImportError)) throw error;
    return { line: error.line, reason: error.reason };
  }
}

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

  it.each([`'-x`, `'=cmd`, `''=cmd`, '=1+1', '@a', '+x', '-x', '\tx', '\rx', "'", "it's", 'plain', "'plain"])(
    'gives back %j exactly after export and import, in every column that holds text',
    (value) => {
      const word = savedWord({ lemma: 'probe', word: value.trim() === '' ? 'probe' : value, gloss: value, sentence: value });
      const [back] = importCsv(exportCsv([word], ORIGIN), NOW);
      expect([back?.word, back?.gloss, back?.sentence]).toEqual([word.word, value, value]);
      const cells = parseCsv(exportCsv([word], ORIGIN))[1]!;
      // What a spreadsheet sees never starts with a formula character.
      expect(cells.slice(0, 4).every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
    },
  );

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

  it('marks the word as a whole word, never inside another, and falls back to the lemma', () => {
    const notes = exportAnki([
      savedWord({ lemma: 'in', sentence: 'He is within reach in time.' }),
      savedWord({ lemma: 'go', word: 'going', sentence: 'Where did they go?' }),
    ])
      .trimEnd()
      .split('\n')
      .slice(3)
      .map((note) => note.split('\t')[0]);
    expect(notes).toEqual(['in<br>He is within reach <b>in</b> time.', 'going<br>Where did they <b>go</b>?']);
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

  it('refuses a file that is not ours, naming the line and the reason', () => {
    expect(refusal('name,email\nAnn,ann@example.com\n')).toEqual({ line: 1, reason: 'header' });
    expect(refusal(`${HEADER}\r\nrun,run,跑,,https://x.example/zh/articles/a,yesterday,\r\n`)).toEqual({ line: 2, reason: 'savedAt' });
    expect(refusal('word,lemma\n"open')).toEqual({ line: 2, reason: 'unclosedQuote' });
    expect(refusal('"word"x,lemma\n')).toEqual({ line: 1, reason: 'textAfterQuote' });
    expect(refusal(`${HEADER}\r\nrun,run\r\n`)).toEqual({ line: 2, reason: 'columns' });
    expect(refusal(`${HEADER}\r\n,run,,,${LINK},${SAVED},\r\n`)).toEqual({ line: 2, reason: 'emptyWord' });
    expect(refusal(`${HEADER}\r\nrun,run,,,${LINK},${SAVED},soon\r\n`)).toEqual({ line: 2, reason: 'dueAt' });
    expect(refusal(`${HEADER}\r\nrun,run,,,https://x.example/zh/about,${SAVED},\r\n`)).toEqual({ line: 2, reason: 'link' });
  });

  it('refuses a malformed article link with its line, never another kind of error', () => {
    const csv = `${HEADER}\r\nrun,run,,,${LINK},${SAVED},\r\nwalk,walk,,,https://x/en/articles/%E0%A4,${SAVED},\r\n`;
    expect(() => importCsv(csv, NOW)).toThrow(CsvImportError);
    expect(refusal(csv)).toEqual({ line: 3, reason: 'link' });
    expect(refusal(`${HEADER}\r\nrun,run,,,not a link,${SAVED},\r\n`)).toEqual({ line: 2, reason: 'link' });
  });

  it('names the line a row starts on, after quoted line breaks and blank lines', () => {
    const csv = `${HEADER}\r\nrun,run,,"one\r\ntwo",${LINK},${SAVED},\r\n\r\nwalk,walk,,,${LINK},13 May,\r\n`;
    expect(refusal(csv)).toEqual({ line: 5, reason: 'savedAt' });
  });

  it.each(['2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-03-01T24:00:00Z', '2026-03-01', '2026-03-01T10:00:00+08:00', ''])(
    'refuses the impossible or foreign date %j',
    (date) => {
      expect(refusal(`${HEADER}\r\nrun,run,,,${LINK},${date},\r\n`)).toEqual({ line: 2, reason: 'savedAt' });
      expect(refusal(`${HEADER}\r\nrun,run,,,${LINK},${SAVED},${date || 'x'}\r\n`)).toEqual({ line: 2, reason: 'dueAt' });
    },
  );

  it('writes dates as toISOString() does, so the due index sorts them right', () => {
    const [word] = importCsv(`${HEADER}\r\nrun,run,,,${LINK},2026-03-01T10:00:00Z,2026-03-04T09:12:00.5Z\r\n`, NOW);
    expect(word?.savedAt).toBe('2026-03-01T10:00:00.000Z');
    expect(word?.card.due).toBe('2026-03-04T09:12:00.500Z');
    expect(decodeSavedWord(word)).toEqual({ word });
  });

  it('gives an imported word its article id from the link, decoded', () => {
    const [word] = importCsv(`${HEADER}\r\nrun,run,,,https://x.example/es/articles/caf%C3%A9-news,${SAVED},\r\n`, NOW);
    expect([word?.articleId, word?.glossLanguage, word?.card.due]).toEqual(['café-news', 'es', NOW.toISOString()]);
  });
});

describe('import refusals in the page language', () => {
  it.each(['en', 'zh', 'es'] as const)('%s: every reason has its own text', (language) => {
    const texts = SAVED_WORDS_TEXTS[language];
    const said = CSV_IMPORT_REASONS.map((reason) => texts.importReasons[reason]);
    expect(new Set(said).size).toBe(CSV_IMPORT_REASONS.length);
    expect(texts.importRefused(4, texts.importReasons.savedAt)).toContain(texts.importReasons.savedAt);
    if (language !== 'en') {
      // No English words slip into a Chinese or Spanish message.
      const english = SAVED_WORDS_TEXTS.en.importReasons;
      for (const reason of CSV_IMPORT_REASONS) expect(texts.importReasons[reason]).not.toBe(english[reason]);
      if (language === 'zh') for (const text of said) expect(text).not.toMatch(/[A-Za-z]/);
    }
  });

  it('reads anything that is not a reason as unreadable', () => {
    expect(csvImportReasonOf('savedAt')).toBe('savedAt');
    expect(csvImportReasonOf('saved_at is not a date')).toBe('unreadable');
    expect(csvImportReasonOf(undefined)).toBe('unreadable');
  });
});
