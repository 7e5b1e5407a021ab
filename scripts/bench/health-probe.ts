/**
 * Times GET /api/health from a process of its own. The load generator (autocannon) runs inside
 * the bench process; probing from there too would count that process's own event-loop delays
 * (10 busy connections) as the server's latency.
 */
import { spawn } from 'node:child_process';

export interface HealthProbe {
  /** Stops probing and gives back each answered probe's time in ms, sorted, and how many failed. */
  stop(): Promise<{ times: number[]; failures: number }>;
}

// Plain JavaScript for `node -e`: no tsx start-up, nothing else on its event loop.
const PROBER = `
const [url, everyMs] = process.argv.slice(1);
const times = [];
let failures = 0;
let running = true;
process.stdin.on('data', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    try {
      const answer = await fetch(url);
      await answer.arrayBuffer();
      if (answer.ok) times.push(performance.now() - started);
      else failures++;
    } catch {
      failures++;
    }
    await new Promise((done) => setTimeout(done, Number(everyMs)));
  }
  process.stdout.write(JSON.stringify({ times, failures }));
  process.exit(0);
})();
`;

export function startHealthProbe(origin: string, everyMs = 10): HealthProbe {
  const child = spawn(process.execPath, ['-e', PROBER, `${origin}/api/health`, String(everyMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return {
    async stop() {
      child.stdin.end('stop\n');
      await exited;
      const { times, failures } = JSON.parse(output || '{"times":[],"failures":0}') as { times: number[]; failures: number };
      return { times: times.sort((a, b) => a - b), failures };
    },
  };
}
