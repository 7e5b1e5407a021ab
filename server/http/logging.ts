/**
 * One log format for everything the server and the importer print: pino, as readable lines (pino-pretty)
 * when a person watches the terminal, one JSON object per line when the output goes to a file or a log
 * collector. The server creates one logger before anything else (dictionary, database, passes) and hands
 * the same instance to Fastify, so start-up lines, request lines and pass progress share fields.
 */
import type { FastifyServerOptions } from 'fastify';
import { pino, type Logger } from 'pino';

const PRETTY = { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true };

export function loggerOptions(level: string, isTerminal = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (!isTerminal) return { level };
  return { level, transport: { target: 'pino-pretty', options: PRETTY } };
}

/** The process's logger; `name` tells the server's lines from the importer's when both go to one collector. */
export function createLogger(level: string, name: string, isTerminal = Boolean(process.stdout.isTTY)): Logger {
  if (level === 'silent') return pino({ level: 'silent', name });
  if (!isTerminal) return pino({ level, name });
  return pino({ level, name, transport: { target: 'pino-pretty', options: PRETTY } });
}
