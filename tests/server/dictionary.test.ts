// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinedVersion } from '../../server/dictionary/data-files';
import type { Manifest } from '../../server/dictionary/data-format';
import { dictionaryPathFrom } from '../../server/config';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { DictionaryDataError, type Dictionary, type DictionaryLanguage } from '../../server/dictionary/dictionary-types';

const DATA_DIR = join(import.meta.dirname, '..', '..', 'server', 'dictionary', 'data');
const dir = mkdtempSync(join(tmpdir(), 'dictionary-test-'));
let dictionary: Dictionary;

beforeAll(() => {
  dictionary = openDictionary({ path: join(dir, 'dictionary.db') }).dictionary;
});

afterAll(() => {
  dictionary.close();
  rmSync(dir, { recursive: true, force: true });
});

function glossOf(word: string, language: DictionaryLanguage): string {
  return (dictionary.lookUp(word, language)?.entries ?? []).map((e) => e.gloss ?? '').join(' | ');
}

describe('lemma resolution', () => {
  it.each([
    ['scarves', 'scarf'],
    ['went', 'go'],
    ['deteriorating', 'deteriorate'],
    ['harbours', 'harbour'],
    ['better', 'good'],
    ['children', 'child'],
    ['feet', 'foot'],
    ['bought', 'buy'],
    ['travelled', 'travel'],
    ['colour', 'colour'],
    ['color', 'color'],
    ['organisation', 'organisation'],
    ['organization', 'organization'],
  ])('%s → %s', (form, lemma) => {
    expect(dictionary.lemmaOf(form)).toBe(lemma);
    expect(dictionary.lookUp(form, 'en')?.lemma).toBe(lemma);
  });

  it('keeps the senses a form has of its own after its lemma’s', () => {
    const better = dictionary.lookUp('better', 'zh')!;
    expect(better.entries[0]!.headword).toBe('good');
    expect(better.entries.some((e) => e.headword === 'better')).toBe(true);
    const left = dictionary.lookUp('left', 'zh')!;
    expect(left.lemma).toBe('leave');
    expect(left.entries.some((e) => e.headword === 'left' && e.partOfSpeech === 'adjective')).toBe(true);
  });

  it('resolves spelling variants and inflections of them', () => {
    expect(dictionary.lemmaOf('traveling')).toBeDefined();
    expect(dictionary.lemmaOf('analysed')).toMatch(/^analy[sz]e$/);
    expect(dictionary.lemmaOf('centers')).toMatch(/^cent(er|re)$/);
  });

  it('normalises case, quotes and surrounding punctuation', () => {
    expect(dictionary.lookUp('  “Harbours,”  ', 'zh')?.lemma).toBe('harbour');
    expect(dictionary.lookUp('  “Harbours,”  ', 'zh')?.query).toBe('“Harbours,”');
    expect(dictionary.lemmaOf('WENT')).toBe('go');
    expect(dictionary.lemmaOf('minister’s')).toBe('minister');
  });

  it.each(['2024', 'https://x.y', '!!!', '', '   ', 'covid19', 'a@b.com', 'x'.repeat(65), 'qwzxjvbn'])('%j is not a word', (word) => {
    expect(dictionary.lookUp(word, 'zh')).toBeUndefined();
    expect(dictionary.lemmaOf(word)).toBeUndefined();
  });
});

describe('entries per language', () => {
  it('glosses in Chinese from ECDICT', () => {
    expect(glossOf('harbour', 'zh')).toContain('港');
    expect(glossOf('deteriorate', 'zh')).toContain('恶化');
  });

  it('glosses in Spanish through the MCR chain and the closed-class glossary', () => {
    expect(glossOf('harbour', 'es')).toContain('puerto');
    expect(glossOf('deteriorate', 'es')).toContain('deteriorar');
    expect(glossOf('library', 'es')).toContain('biblioteca');
    expect(glossOf('the', 'es')).toMatch(/\bel\b|\bla\b/);
    expect(glossOf('among', 'es')).toContain('entre');
  });

  it('gives English definitions and no gloss in English', () => {
    const result = dictionary.lookUp('harbour', 'en')!;
    expect(result.entries[0]).toMatchObject({ partOfSpeech: 'noun', headword: 'harbour' });
    expect(result.entries[0]!.definition).toMatch(/port/);
    expect(result.entries.every((e) => e.gloss === undefined)).toBe(true);
    expect(result.entries[0]!.tags).toContain('cet4');
    expect(result.entries[0]!.ipa).toMatch(/h/);
  });

  it('puts the most common part of speech first', () => {
    expect(dictionary.lookUp('run', 'zh')!.entries[0]!.partOfSpeech).toBe('verb');
    expect(dictionary.lookUp('can', 'zh')!.entries[0]!.partOfSpeech).toBe('auxiliary');
  });

  it('glosses a lemma by part of speech, falling back only when asked', () => {
    expect(dictionary.gloss('harbour', 'noun', 'es')).toContain('puerto');
    expect(dictionary.gloss('harbour', 'verb', 'zh')).toContain('庇护');
    expect(dictionary.gloss('deteriorate', 'noun', 'zh')).toBeUndefined();
    expect(dictionary.gloss('deteriorate', 'noun', 'zh', true)).toContain('恶化');
    expect(dictionary.gloss('nosuchwordxx', 'noun', 'zh', true)).toBeUndefined();
  });

  it('exposes the manifest version', () => {
    const manifest = JSON.parse(readFileSync(join(DATA_DIR, 'manifest.json'), 'utf8')) as Manifest;
    expect(dictionary.version).toBe(manifest.version);
  });
});

describe('opening', () => {
  it('does not rebuild an up-to-date file', () => {
    const path = join(dir, 'again.db');
    const first = openDictionary({ path });
    first.dictionary.close();
    expect(first.report.built).toBe(true);
    expect(first.report.headwords).toBeGreaterThan(40_000);
    const second = openDictionary({ path });
    expect(second.report.built).toBe(false);
    expect(second.report.millis).toBeLessThan(500);
    expect(second.dictionary.lemmaOf('went')).toBe('go');
    second.dictionary.close();
  });

  it('rebuilds a file that is not a dictionary', () => {
    const path = join(dir, 'garbage.db');
    writeFileSync(path, 'not a database');
    const { dictionary: d, report } = openDictionary({ path });
    expect(report.built).toBe(true);
    expect(d.lemmaOf('went')).toBe('go');
    d.close();
  });

  it('places dictionary.db beside the article database', () => {
    expect(dictionaryPathFrom({}, '/srv/data/articles.db')).toBe('/srv/data/dictionary.db');
    expect(dictionaryPathFrom({}, ':memory:')).toBe(':memory:');
  });
});

describe('damaged data', () => {
  function copyData(): string {
    const copy = mkdtempSync(join(tmpdir(), 'dictionary-data-'));
    cpSync(DATA_DIR, copy, { recursive: true });
    return copy;
  }

  it('names a file whose bytes changed', () => {
    const copy = copyData();
    const file = join(copy, 'forms.tsv.gz');
    const bytes = readFileSync(file);
    const at = bytes.length - 20;
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
    writeFileSync(file, bytes);
    expect(() => openDictionary({ path: ':memory:', dataDir: copy })).toThrow(DictionaryDataError);
    expect(() => openDictionary({ path: ':memory:', dataDir: copy })).toThrow(/forms\.tsv\.gz/);
    rmSync(copy, { recursive: true, force: true });
  });

  it('names a missing file', () => {
    const copy = copyData();
    rmSync(join(copy, 'spanish.tsv.gz'));
    expect(() => openDictionary({ path: ':memory:', dataDir: copy })).toThrow(/spanish\.tsv\.gz/);
    rmSync(copy, { recursive: true, force: true });
  });

  it('names the file and line of a malformed row, even with a matching manifest', () => {
    const copy = copyData();
    const file = join(copy, 'entries.tsv.gz');
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    lines[2] = 'Not A Word\t\t0\t\t[]';
    const data = gzipSync(Buffer.from(lines.join('\n')));
    writeFileSync(file, data);
    const manifestPath = join(copy, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const files = manifest.files.map((f) =>
      f.name === 'entries.tsv.gz' ? { ...f, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') } : f,
    );
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, files, version: combinedVersion(files) }));
    const path = join(dir, 'damaged.db');
    expect(() => openDictionary({ path, dataDir: copy })).toThrow(/entries\.tsv\.gz: line 3/);
    // The failed build leaves no dictionary behind.
    expect(() => readFileSync(path)).toThrow();
    rmSync(copy, { recursive: true, force: true });
  });
});
