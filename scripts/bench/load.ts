/**
 * API load cases with autocannon on loopback: bounded in time, one case after another.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly total: number;
}

export interface LoadCase {
  readonly url: string;
  readonly durationSeconds: number;
  readonly connections?: number;
  /** Rotates the request path, e.g. over many article ids. */
  readonly paths?: readonly string[];
}

export async function runLoad(load: LoadCase): Promise<LoadFigures> {
  let next = 0;
  const paths = load.paths;
  const result = await autocannon({
    url: load.url,
    connections: load.connections ?? 10,
    duration: load.durationSeconds,
    timeout: 10,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (request) => {
                request.path = paths[next++ % paths.length];
                return request;
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}
