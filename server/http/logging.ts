/**
 * Log format: readable lines (pino-pretty) when a person watches the terminal, one JSON
 * object per line when the output goes to a file or a log collector.
 */
import type { FastifyServerOptions } from 'fastify';

export function loggerOptions(level: string, isTerminal = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (!isTerminal) return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
  };
}
