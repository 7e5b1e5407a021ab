/**
 * Saved words out of and back into the browser: our CSV (RFC 4180, read back by importCsv) and a
 * tab-separated file Anki imports as notes. Pure functions; the download and file picker are in
 * src/platform/file-transfer.ts. Formats with examples: docs/saved-words.md.
 */
import { decodeSavedWord } from './saved-word-codec';
import { newCard, savedWordId, type SavedWord } from './saved-words';
import { wordInSentence } from './word-in-sentence';

export const CSV_COLUMNS = ['word', 'lemma', 'gloss', 'sentence', 'article_link', 'saved_at', 'due_at'] as const;

/** The absolute address of the article a word was met in. */
export function articleLink(origin: string, language: string, articleId: string): string {
  return `${origin.replace(/\/+$/, '')}/${language}/articles/${encodeURIComponent(articleId)}`;
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). A value
// that already starts with apostrophes before one gets one more too, so that the import, which
// takes exactly one off, gives back `'=cmd` as written and not `=cmd`.
const GUARD_NEEDED = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

function guardFormula(cell: string): string {
  return GUARD_NEEDED.test(cell) ? `'${cell}` : cell;
}

function unguardFormula(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}

function csvCell(value: string): string {
  const cell = guardFormula(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function exportCsv(words: readonly SavedWord[], origin: string): string {
  const rows = words.map((word) =>
    [
      word.word,
      word.lemma,
      word.gloss ?? '',
      word.sentence,
      articleLink(origin, word.glossLanguage, word.articleId),
      word.savedAt,
      word.card.due,
    ].map(csvCell),
  );
  return [CSV_COLUMNS.join(','), ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n';
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The sentence with the saved word (see word-in-sentence.ts) in <b>, HTML-escaped. */
export function markedSentence(sentence: string, written: string, lemma: string): string {
  const parts = wordInSentence(sentence, written, lemma);
  if (parts === null) return escapeHtml(sentence);
  return `${escapeHtml(parts.before)}<b>${escapeHtml(parts.word)}</b>${escapeHtml(parts.after)}`;
}

// Tabs and line breaks would end the field or the note; in HTML they are only spaces.
function ankiField(html: string): string {
  return html.replace(/[\t\r\n]+/g, ' ');
}

export function exportAnki(words: readonly SavedWord[]): string {
  const header = ['#separator:tab', '#html:true', '#columns:Front\tBack'];
  const notes = words.map((word) => {
    const front =
      word.sentence === '' ? escapeHtml(word.word) : `${escapeHtml(word.word)}<br>${markedSentence(word.sentence, word.word, word.lemma)}`;
    const back = [word.gloss, word.ipa ? `/${word.ipa}/` : null, word.definition]
      .filter((part): part is string => part !== null && part !== '')
      .map(escapeHtml)
      .join('<br>');
    return `${ankiField(front)}\t${ankiField(back)}`;
  });
  return [...header, ...notes].join('\n') + '\n';
}

/** RFC 4180 rows; throws with the line number on an unclosed quote or text after one. */
export function parseCsv(text: string): string[][] {
  return csvRows(text).map((row) => row.cells);
}

/** The rows with the line each starts on (a quoted line break makes a row span lines). */
function csvRows(text: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let row: string[] = [];
  let rowLine = 1;
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let quoteLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '' && !afterQuote) {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
      afterQuote = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push({ cells: row, line: rowLine });
      row = [];
      cell = '';
      afterQuote = false;
      line += 1;
      rowLine = line;
    } else if (afterQuote) {
      throw new CsvImportError(line, 'textAfterQuote');
    } else cell += char;
  }
  if (quoted) throw new CsvImportError(quoteLine, 'unclosedQuote');
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push({ cells: row, line: rowLine });
  }
  return rows;
}

/** Why a file was refused; the words page says each in the page language (saved-words-texts.ts). */
export const CSV_IMPORT_REASONS = [
  'header',
  'columns',
  'emptyWord',
  'savedAt',
  'dueAt',
  'link',
  'unclosedQuote',
  'textAfterQuote',
  'record',
  'unreadable',
] as const;

export type CsvImportReason = (typeof CSV_IMPORT_REASONS)[number];

/** The reason a refusal carries; anything else (an error that is not ours) reads as 'unreadable'. */
export function csvImportReasonOf(value: unknown): CsvImportReason {
  return (CSV_IMPORT_REASONS as readonly unknown[]).includes(value) ? (value as CsvImportReason) : 'unreadable';
}

export class CsvImportError extends Error {
  constructor(
    readonly line: number,
    readonly reason: CsvImportReason,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CsvImportError';
  }

  /** The reason under its former name, which the saved-words machine still reads. */
  get detail(): CsvImportReason {
    return this.reason;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The date as toISOString() writes it, or null when it is none: Date would read 2026-02-30 as
 * March 2, so the day and time must come back as written. One form (with milliseconds) keeps the
 * string-compared `due` index in order.
 */
function isoDate(value: string): string | null {
  if (!ISO_DATE.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return iso.slice(0, 19) === value.slice(0, 19) ? iso : null;
}

const ARTICLE_PATH = /\/(en|zh|es|[a-z]{2})\/articles\/([^/?#]+)$/;

function articleOf(link: string): { language: 'en' | 'zh' | 'es'; articleId: string } | null {
  try {
    const match = ARTICLE_PATH.exec(new URL(link).pathname);
    if (match === null) return null;
    return { language: match[1] === 'zh' || match[1] === 'es' ? match[1] : 'en', articleId: decodeURIComponent(match[2]!) };
  } catch {
    // Not an address, or a malformed %-escape in it.
    return null;
  }
}

function wordOfRow(row: readonly string[], line: number, now: Date): SavedWord {
  if (row.length !== CSV_COLUMNS.length) throw new CsvImportError(line, 'columns');
  const [word, lemma, gloss, sentence, link, savedAtCell, dueAtCell] = row.map(unguardFormula) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (word.trim() === '' || lemma.trim() === '') throw new CsvImportError(line, 'emptyWord');
  const savedAt = isoDate(savedAtCell);
  if (savedAt === null) throw new CsvImportError(line, 'savedAt');
  const dueAt = dueAtCell === '' ? null : isoDate(dueAtCell);
  if (dueAtCell !== '' && dueAt === null) throw new CsvImportError(line, 'dueAt');
  const article = articleOf(link);
  if (article === null) throw new CsvImportError(line, 'link');
  const card = newCard(now);
  // The codec the store reads with: a row it would set aside on the next load is refused now.
  const decoded = decodeSavedWord({
    id: savedWordId(lemma),
    word,
    lemma,
    gloss: gloss === '' ? null : gloss,
    glossLanguage: article.language,
    ipa: null,
    definition: null,
    sentence,
    articleId: article.articleId,
    articleTitle: '',
    savedAt,
    card: dueAt === null ? card : { ...card, due: dueAt },
  } satisfies SavedWord);
  if (!('word' in decoded)) throw new CsvImportError(line, 'record');
  return decoded.word;
}

/**
 * The words of a CSV this site exported. Anything else (another header, a bad date or link, a row
 * of another width) is refused with the line, so a wrong file never half-imports; whatever goes
 * wrong, the error is a CsvImportError.
 */
export function importCsv(text: string, now: Date): SavedWord[] {
  const rows = csvRows(text).filter((row) => !(row.cells.length === 1 && row.cells[0] === ''));
  const header = rows[0];
  if (header === undefined || header.cells.join(',') !== CSV_COLUMNS.join(',')) throw new CsvImportError(header?.line ?? 1, 'header');
  return rows.slice(1).map(({ cells, line }) => {
    try {
      return wordOfRow(cells, line, now);
    } catch (error) {
      if (error instanceof CsvImportError) throw error;
      throw new CsvImportError(line, 'unreadable');
    }
  });
}

/**
 * The words to write so the store holds both: imported words not yet saved, once each (the
 * latest row wins within the file). A word already saved keeps its record and its card's schedule.
 */
export function wordsToMerge(existing: readonly SavedWord[], imported: readonly SavedWord[]): SavedWord[] {
  const known = new Set(existing.map((word) => word.id));
  const fresh = new Map<string, SavedWord>();
  for (const word of imported) if (!known.has(word.id)) fresh.set(word.id, word);
  return [...fresh.values()];
}

/** What an import did: the number of words the store took, or the line that refused the file. */
export type ImportOutcome =
  { readonly kind: 'added'; readonly count: number } | { readonly kind: 'refused'; readonly line: number; readonly detail: string };

export function importRefusal(error: unknown): ImportOutcome {
  if (error instanceof CsvImportError) return { kind: 'refused', line: error.line, detail: error.detail };
  // Anything else a file can make the parser throw is a refusal too, never a broken page.
  return { kind: 'refused', line: 0, detail: error instanceof Error ? error.message : String(error) };
}
