// @vitest-environment node
/**
 * The production build leaves the state descriptions out (vite.config.ts): they are what the
 * docs, the test paths and the dev inspector show, and the bundle has no use for them. Blanking
 * keeps every other character where it was, so the source maps stay right.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { blankMachineDescriptions } from '../../../vite.config';

const MACHINES = resolve(__dirname, '../../../src/machines');

describe('machine descriptions in the production build', () => {
  it.each(readdirSync(MACHINES).filter((name) => name.endsWith('-machine.ts')))(
    '%s ships without its descriptions, everything else in place',
    (name) => {
      const source = readFileSync(join(MACHINES, name), 'utf8');
      const blanked = blankMachineDescriptions(source, name);
      expect(blanked).toHaveLength(source.length);
      expect(blanked).not.toMatch(/description:\s*['`]/);
      expect(blanked).not.toBe(source);
      // Only the description properties changed, into spaces.
      for (const [index, char] of [...blanked].entries()) if (char !== source[index]) expect(char).toBe(' ');
      expect(source.split('\n')).toHaveLength(blanked.split('\n').length);
    },
  );

  it('blanks plain string descriptions only, with their comma', () => {
    const source =
      "const a = { description: 'State A.', other: 1, descriptions: 'x', d: { description: `B` }, e: { description: `${x}` } };";
    expect(blankMachineDescriptions(source)).toBe(
      "const a = {                          other: 1, descriptions: 'x', d: {                  }, e: { description: `${x}` } };",
    );
  });

  it('runs in builds only, so tests and the dev server keep the descriptions', () => {
    const plugins = (config.plugins ?? []).flat() as Array<{ name?: string; apply?: unknown }>;
    expect(plugins.find((plugin) => plugin.name === 'strip-machine-descriptions')?.apply).toBe('build');
  });
});
