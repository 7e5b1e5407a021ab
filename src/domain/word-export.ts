/**
 * Saved words out of and back into the browser: our CSV (RFC 4180, read back by importCsv) and a
 * tab-separated file Anki imports as notes. Pure functions; the download and file picker are in
 * src/platform/file-transfer.ts. Formats with examples: docs/saved-words.md.
 */
import { newCard, savedWordId, type SavedWord } from './saved-words';

export const CSV_COLUMNS = ['word', 'lemma', 'gloss', 'sentence', 'article_link', 'saved_at', 'due_at'] as const;

/** The absolute address of the article a word was met in. */
export function articleLink(origin: string, language: string, articleId: string): string {
  return `${origin.replace(/\/+$/, '')}/${language}/articles/${encodeURIComponent(articleId)}`;
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
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

/** The sentence cut around each occurrence of the word (any case), for marking it. */
export function sentenceParts(sentence: string, word: string): { text: string; marked: boolean }[] {
  if (word.trim() === '') return [{ text: sentence, marked: false }];
  const pattern = new RegExp(`(${word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi');
  return sentence
    .split(pattern)
    .map((text, index) => ({ text, marked: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** The sentence with each occurrence of the word in <b>, HTML-escaped. */
export function markedSentence(sentence: string, word: string): string {
  return sentenceParts(sentence, word)
    .map((part) => (part.marked ? `<b>${escapeHtml(part.text)}</b>` : escapeHtml(part.text)))
    .join('');
}

// Tabs and line breaks would end the field or the note; in HTML they are only spaces.
function ankiField(html: string): string {
  return html.replace(/[\t\r\n]+/g, ' ');
}

export function exportAnki(words: readonly SavedWord[]): string {
  const header = ['#separator:tab', '#html:true', '#columns:Front\tBack'];
  const notes = words.map((word) => {
    const front = word.sentence === '' ? escapeHtml(word.word) : `${escapeHtml(word.word)}<br>${markedSentence(word.sentence, word.word)}`;
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
  const rows: string[][] = [];
  let row: string[] = [];
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
      rows.push(row);
      row = [];
      cell = '';
      afterQuote = false;
      line += 1;
    } else if (afterQuote) {
      throw new CsvImportError(line, 'text after a closing quote');
    } else cell += char;
  }
  if (quoted) throw new CsvImportError(quoteLine, 'a quote is never closed');
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export class CsvImportError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`Line ${line}: ${detail}`);
    this.name = 'CsvImportError';
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ARTICLE_PATH = /\/(en|zh|es|[a-z]{2})\/articles\/([^/?#]+)$/;

/**
 * The words of a CSV this site exported. Anything else (another header, a bad date or link, a row
 * of another width) is refused with the line, so a wrong file never half-imports.
 */
export function importCsv(text: string, now: Date): SavedWord[] {
  const rows = parseCsv(text).filter((row) => !(row.length === 1 && row[0] === ''));
  const header = rows[0];
  if (header === undefined || header.join(',') !== CSV_COLUMNS.join(',')) {
    throw new CsvImportError(1, `the first line must be ${CSV_COLUMNS.join(',')}`);
  }
  return rows.slice(1).map((row, index) => {
    const line = index + 2;
    if (row.length !== CSV_COLUMNS.length) throw new CsvImportError(line, `${CSV_COLUMNS.length} columns expected, ${row.length} found`);
    const [word, lemma, gloss, sentence, link, savedAt, dueAt] = row.map(unguardFormula) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (word.trim() === '' || lemma.trim() === '') throw new CsvImportError(line, 'word and lemma must not be empty');
    if (!ISO_DATE.test(savedAt)) throw new CsvImportError(line, 'saved_at is not a date');
    if (dueAt !== '' && !ISO_DATE.test(dueAt)) throw new CsvImportError(line, 'due_at is not a date');
    let path = '';
    try {
      path = new URL(link).pathname;
    } catch {
      throw new CsvImportError(line, 'article_link is not an address');
    }
    const match = ARTICLE_PATH.exec(path);
    if (match === null) throw new CsvImportError(line, 'article_link is not an article address');
    const language = match[1] === 'zh' || match[1] === 'es' ? match[1] : 'en';
    const card = newCard(now);
    return {
      id: savedWordId(lemma),
      word,
      lemma,
      gloss: gloss === '' ? null : gloss,
      glossLanguage: language,
      ipa: null,
      definition: null,
      sentence,
      articleId: decodeURIComponent(match[2]!),
      articleTitle: '',
      savedAt,
      card: dueAt === '' ? card : { ...card, due: dueAt },
    };
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
