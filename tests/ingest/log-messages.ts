import { expect } from 'vitest';

/**
 * The importer's stdout off a terminal is one JSON object a line from the logger, with the same fields as the
 * server's: this checks each line and gives back their messages, one a line, so tests can match what it said.
 */
export function logMessages(output: string): string {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const entry = JSON.parse(line) as { name?: unknown; level?: unknown; time?: unknown; msg?: unknown };
      expect(entry, line).toMatchObject({ name: 'ingest', level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) });
      return String(entry.msg);
    })
    .join('\n');
}
