/**
 * Writes the data files byte for byte reproducibly: sorted rows, gzip with a fixed header
 * (zlib writes mtime 0 and no file name), and a manifest whose build date only moves when the
 * data does, so rebuilding unchanged sources leaves git with nothing to commit.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { combinedVersion } from '../../server/dictionary/data-files';
import { FORMAT_VERSION, MANIFEST_FILE, type Manifest, type ManifestFile } from '../../server/dictionary/data-format';

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export function writeGzipLines(dir: string, name: string, lines: readonly string[]): ManifestFile {
  const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  const data = gzipSync(Buffer.from(text, 'utf8'), { level: 9, memLevel: 9 });
  writeFileSync(join(dir, name), data);
  return { name, sha256: sha256(data), bytes: data.length, rows: lines.length };
}

export function writeManifest(dir: string, files: readonly ManifestFile[], sources: Record<string, string>): Manifest {
  const version = combinedVersion(files);
  const path = join(dir, MANIFEST_FILE);
  let buildDate = new Date().toISOString().slice(0, 10);
  if (existsSync(path)) {
    try {
      const previous = JSON.parse(readFileSync(path, 'utf8')) as Partial<Manifest>;
      if (previous.version === version && typeof previous.buildDate === 'string') buildDate = previous.buildDate;
    } catch {
      // An unreadable old manifest is simply replaced.
    }
  }
  const manifest: Manifest = { version, formatVersion: FORMAT_VERSION, buildDate, files, sources };
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
