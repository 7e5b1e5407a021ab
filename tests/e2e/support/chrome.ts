/**
 * Finds and launches Debian's Chromium for playwright-core, which ships no browser of its own.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

/** CHROME_PATH wins; otherwise Debian's package. Throws a message saying how to fix it. */
export function findChrome(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to "${fromEnv}" but nothing is there. Point it at a Chromium or Chrome executable.`);
  }
  if (existsSync(DEFAULT_CHROME_PATH)) return DEFAULT_CHROME_PATH;
  throw new Error(
    `No Chromium for the browser tests: ${DEFAULT_CHROME_PATH} does not exist and CHROME_PATH is not set. ` +
      "Install Debian's chromium (apt-get install chromium) or set CHROME_PATH to a Chromium executable.",
  );
}

/** Flags that keep Chromium quiet and offline apart from what the page itself asks for. */
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChrome(): Promise<Browser> {
  return chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS });
}
