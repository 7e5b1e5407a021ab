/**
 * Reads and checks the committed data files. Every open verifies sizes and hashes (a few
 * milliseconds) so a damaged checkout fails loudly instead of serving wrong glosses; rows are only
 * parsed when the SQLite copy has to be (re)built.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  DATA_FILES,
  FORMAT_VERSION,
  MANIFEST_FILE,
  RowFormatError,
  type DataFileKey,
  type Manifest,
  type ManifestFile,
} from './data-format';
import { DictionaryDataError } from './dictionary-types';

export interface VerifiedData {
  readonly manifest: Manifest;
  readonly dir: string;
  /** Compressed bytes of each data file, already checked against the manifest. */
  readonly files: ReadonlyMap<DataFileKey, Buffer>;
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Same combined hash as the build computes (scripts/dictionary/output-files.ts). */
export function combinedVersion(files: readonly ManifestFile[]): string {
  return sha256(files.map((f) => `${f.name}:${f.sha256}`).join('\n')).slice(0, 16);
}

function readManifest(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch (error) {
    throw new DictionaryDataError(`${MANIFEST_FILE} in ${dir} cannot be read: ${(error as Error).message}`);
  }
  if (!manifest || !Array.isArray(manifest.files) || typeof manifest.version !== 'string') {
    throw new DictionaryDataError(`${MANIFEST_FILE} in ${dir} has no files list or version`);
  }
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new DictionaryDataError(`${MANIFEST_FILE}: format version ${manifest.formatVersion}, this server reads ${FORMAT_VERSION}`);
  }
  if (combinedVersion(manifest.files) !== manifest.version) {
    throw new DictionaryDataError(`${MANIFEST_FILE}: version does not match the file hashes it lists`);
  }
  return manifest;
}

export function verifyData(dir: string): VerifiedData {
  const manifest = readManifest(dir);
  const files = new Map<DataFileKey, Buffer>();
  for (const key of Object.keys(DATA_FILES) as DataFileKey[]) {
    const name = DATA_FILES[key];
    const listed = manifest.files.find((f) => f.name === name);
    if (!listed) throw new DictionaryDataError(`${name}: not listed in ${MANIFEST_FILE}`);
    let data: Buffer;
    try {
      data = readFileSync(join(dir, name));
    } catch {
      throw new DictionaryDataError(`${name}: missing from ${dir}`);
    }
    if (data.length !== listed.bytes) {
      throw new DictionaryDataError(`${name}: ${data.length} bytes, the manifest says ${listed.bytes}`);
    }
    if (sha256(data) !== listed.sha256) throw new DictionaryDataError(`${name}: sha256 does not match the manifest`);
    files.set(key, data);
  }
  return { manifest, dir, files };
}

/** Parses every row of a verified file; a bad row throws naming the file and its line number. */
export function readRows<T>(data: VerifiedData, key: DataFileKey, parse: (line: string) => T): T[] {
  const name = DATA_FILES[key];
  let text: string;
  try {
    text = gunzipSync(data.files.get(key)!).toString('utf8');
  } catch (error) {
    throw new DictionaryDataError(`${name}: not a valid gzip file (${(error as Error).message})`);
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const expected = data.manifest.files.find((f) => f.name === name)?.rows;
  if (expected !== undefined && expected !== lines.length) {
    throw new DictionaryDataError(`${name}: ${lines.length} rows, the manifest says ${expected}`);
  }
  return lines.map((line, index) => {
    try {
      return parse(line);
    } catch (error) {
      const reason = error instanceof RowFormatError ? error.message : String(error);
      throw new DictionaryDataError(`${name}: line ${index + 1} is malformed: ${reason}`);
    }
  });
}
