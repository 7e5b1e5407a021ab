/**
 * The dictionary's SQLite file: built from the verified data files into a temporary file and
 * renamed into place, so a crash mid-build leaves either the old dictionary or none, never half.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { parseEntry, parseForm, parseSenses, parseSpanish, parseVector } from './data-format';
import { readRows, type VerifiedData } from './data-files';

/** Bump when the tables change, so existing files are rebuilt even if the data did not change. */
const SCHEMA_VERSION = 4;

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE headwords (word TEXT PRIMARY KEY, ipa TEXT NOT NULL, rank INTEGER NOT NULL, tags TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE senses (word TEXT NOT NULL, ord INTEGER NOT NULL, pos TEXT NOT NULL, zh TEXT NOT NULL, en TEXT NOT NULL, other TEXT NOT NULL,
    PRIMARY KEY (word, ord)) WITHOUT ROWID;
  CREATE TABLE forms (form TEXT NOT NULL, ord INTEGER NOT NULL, lemma TEXT NOT NULL, PRIMARY KEY (form, ord)) WITHOUT ROWID;
  CREATE TABLE spanish (word TEXT NOT NULL, pos TEXT NOT NULL, es TEXT NOT NULL, PRIMARY KEY (word, pos)) WITHOUT ROWID;
  CREATE TABLE word_senses (word TEXT NOT NULL, pos TEXT NOT NULL, senses TEXT NOT NULL, PRIMARY KEY (word, pos)) WITHOUT ROWID;
  CREATE TABLE vectors (word TEXT PRIMARY KEY, vector BLOB NOT NULL) WITHOUT ROWID;
`;

export function storedVersionFor(data: VerifiedData): string {
  return `${SCHEMA_VERSION}:${data.manifest.version}`;
}

/** The version a dictionary file holds, or undefined when it is missing, foreign or damaged. */
export function readStoredVersion(db: Database.Database): string | undefined {
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'version'").get() as { value: string } | undefined;
    return row?.value;
  } catch {
    return undefined;
  }
}

/** Fills an empty database; all rows are parsed first so a malformed file writes nothing. */
export function fillDatabase(db: Database.Database, data: VerifiedData): number {
  const entries = readRows(data, 'entries', parseEntry);
  const forms = readRows(data, 'forms', parseForm);
  const spanish = readRows(data, 'spanish', parseSpanish);
  const wordSenses = readRows(data, 'senses', parseSenses);
  const vectors = readRows(data, 'vectors', parseVector);
  db.exec(SCHEMA);
  const insertVector = db.prepare('INSERT OR REPLACE INTO vectors (word, vector) VALUES (?, ?)');
  const insertHeadword = db.prepare('INSERT OR REPLACE INTO headwords (word, ipa, rank, tags) VALUES (?, ?, ?, ?)');
  const insertSense = db.prepare('INSERT OR REPLACE INTO senses (word, ord, pos, zh, en, other) VALUES (?, ?, ?, ?, ?, ?)');
  const insertForm = db.prepare('INSERT OR REPLACE INTO forms (form, ord, lemma) VALUES (?, ?, ?)');
  const insertSpanish = db.prepare('INSERT OR REPLACE INTO spanish (word, pos, es) VALUES (?, ?, ?)');
  const insertSenses = db.prepare('INSERT OR REPLACE INTO word_senses (word, pos, senses) VALUES (?, ?, ?)');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (const entry of entries) {
      insertHeadword.run(entry.headword, entry.ipa, entry.rank, entry.tags.join(' '));
      entry.senses.forEach((sense, ord) => insertSense.run(entry.headword, ord, sense.pos, sense.zh, sense.en, sense.otherSense ?? ''));
    }
    const ordinals = new Map<string, number>();
    for (const { form, lemma } of forms) {
      const ord = ordinals.get(form) ?? 0;
      ordinals.set(form, ord + 1);
      insertForm.run(form, ord, lemma);
    }
    for (const row of spanish) insertSpanish.run(row.headword, row.pos, row.spanish.join('|'));
    for (const row of wordSenses) insertSenses.run(row.headword, row.pos, JSON.stringify(row.senses));
    for (const row of vectors) insertVector.run(row.word, Buffer.from(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength));
    setMeta.run('headwords', String(entries.length));
    // Written last: a file with a version is a complete file.
    setMeta.run('version', storedVersionFor(data));
  })();
  return entries.length;
}

/** Builds the dictionary beside `path` and renames it over `path` once complete and on disk. */
export function buildDatabaseFile(path: string, data: VerifiedData): number {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.building`;
  rmSync(temporary, { force: true });
  try {
    const db = new Database(temporary);
    let headwords: number;
    try {
      // The temporary file is thrown away on any failure, so a journal would only slow the build.
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      headwords = fillDatabase(db, data);
    } finally {
      db.close();
    }
    const fd = openSync(temporary, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return headwords;
  } finally {
    rmSync(temporary, { force: true });
  }
}

export function headwordCount(db: Database.Database): number {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'headwords'").get() as { value: string } | undefined;
  return Number(row?.value ?? 0);
}
