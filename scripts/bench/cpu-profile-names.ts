/**
 * A DevTools CPU profile (Profiler.stop) and its frames named through the build's source maps: the function, its
 * source file and line, as the bench scripts that print where a page's time went (first-tap.ts, page-tasks.ts) show them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: CallFrame;
    children?: number[];
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** Names frames of the build in `distDir` by their original source; a frame with no map keeps its file and line. */
export function frameNamer(distDir: string): (frame: CallFrame) => string {
  const sourceMaps = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    const file = frame.url.split('/').pop() ?? '';
    const fallback = `${frame.functionName || '(anonymous)'} ${file}${file === '' ? '' : `:${frame.lineNumber}:${frame.columnNumber}`}`;
    if (!file.endsWith('.js') || frame.lineNumber < 0) return fallback;
    if (!sourceMaps.has(file)) {
      const mapFile = join(distDir, 'assets', `${file}.map`);
      sourceMaps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap) : null);
    }
    const original = sourceMaps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source == null) return fallback;
    const source = original.source.replace(/^.*?(?=(src|common|node_modules)\/)/, '').replace(/^node_modules\/(\.pnpm\/)?/, '');
    return `${original.name ?? (frame.functionName || '(anonymous)')} ${source}:${original.line}`;
  };
}
