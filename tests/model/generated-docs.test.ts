// @vitest-environment node
/**
 * The committed test paths, machine catalogue and JSON definitions must be exactly what the
 * generator makes from today's machines; otherwise QA would test against stale paths.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allStateIds, toMermaid } from './paths/mermaid';
import { MACHINE_MODELS } from './models';
import { generatePaths, MACHINE_JSON_DIR, pathCounts, REFRESH_COMMAND, TEST_PATHS_DIR } from './paths/paths';
import { renderAll } from './paths/render-machines';

const root = resolve(__dirname, '../..');
const all = MACHINE_MODELS.map(generatePaths);
const files = renderAll(all);

describe('generated machine docs', () => {
  it.each([...files.keys()])('%s is up to date', (relative) => {
    const target = resolve(root, relative);
    const committed = existsSync(target) ? readFileSync(target, 'utf8') : null;
    expect(committed, `${relative} is missing or stale: run ${REFRESH_COMMAND} and commit the result`).toBe(files.get(relative));
  });

  it.each([TEST_PATHS_DIR, MACHINE_JSON_DIR])('%s holds no file the generator does not make', (dir) => {
    const present = readdirSync(resolve(root, dir)).map((name) => `${dir}/${name}`);
    const leftovers = present.filter((file) => !files.has(file));
    expect(leftovers, `left over from a removed machine: delete them and run ${REFRESH_COMMAND}`).toEqual([]);
  });

  it('covers every production machine with shortest and simple paths, each file under 300 KB of Markdown', () => {
    expect(all.map((paths) => paths.model.name)).toEqual([
      'language',
      'page',
      'article-list',
      'article-detail',
      'reading-progress',
      'word-lookup',
      'read-aloud',
      'review',
      'practice',
      'saved-words',
      'word-status',
      'lemma-inventory',
      'placement',
      'progress',
      'consent',
      'analytics',
    ]);
    for (const paths of all) {
      const { shortest, simple } = pathCounts(paths);
      expect(shortest, paths.model.name).toBeGreaterThan(1);
      expect(simple, paths.model.name).toBeGreaterThanOrEqual(shortest / 2);
      const markdown = files.get(`${TEST_PATHS_DIR}/${paths.model.name}.md`)!;
      expect(Buffer.byteLength(markdown), paths.model.name).toBeLessThan(300 * 1024);
    }
  });

  it('writes each step as the event, then the state and what the learner sees there', () => {
    const list = files.get(`${TEST_PATHS_DIR}/article-list.md`)!;
    expect(list).toContain(
      '2. The API answers with no articles → `loaded.empty`: The articles have arrived; the list page says how many the server found. ' +
        'No cards: "No matching articles found" and "Try adjusting your filters or search terms". (0 cards shown of 0; language zh; no filters)',
    );
    const json = JSON.parse(files.get(`${TEST_PATHS_DIR}/consent.json`)!) as {
      scenarios: Array<{ id: string; shortestPaths: Array<{ steps: Array<{ event: { type: string }; state: unknown }> }> }>;
    };
    const firstVisit = json.scenarios.find((scenario) => scenario.id === 'first-visit')!;
    const afterDelay = firstVisit.shortestPaths
      .flatMap((path) => path.steps)
      .find((step) => step.event.type === 'xstate.after.bannerDelay.consent.undecided.waiting');
    expect(afterDelay?.state).toEqual({ undecided: { prompting: 'summary' } });
  });

  it('draws every machine as a Mermaid diagram with what each state means', () => {
    const catalogue = files.get('docs/machines.md')!;
    for (const { model } of all) {
      expect(catalogue).toContain(`## ${model.title}`);
    }
    expect(catalogue.match(/```mermaid\nstateDiagram-v2/g)).toHaveLength(all.length);
    expect(catalogue).toContain('| `articleDetail.error` | "Unable to load article" with a Try Again button that reloads the page. |');
  });

  it.each(MACHINE_MODELS.map((model) => [model.name, model] as const))(
    'draws every %s state once, and transitions only between drawn states',
    (_name, model) => {
      const diagram = toMermaid(model.machine);
      const declared = [...diagram.matchAll(/^\s*state "[^"]*" as (\S+)/gm)].map((match) => match[1]!);
      expect(declared.sort()).toEqual(
        allStateIds(model.machine)
          .map((id) => id.replace(/[^A-Za-z0-9_]/g, '_'))
          .sort(),
      );
      const arrows = [...diagram.matchAll(/^\s*(\S+) --> ([^:\s]+)/gm)];
      expect(arrows.length).toBeGreaterThan(0);
      for (const [, from, to] of arrows) {
        for (const end of [from!, to!]) if (end !== '[*]') expect(declared, end).toContain(end);
      }
      // Transitions between states come after every declaration, so Mermaid never invents a state.
      const lines = diagram.split('\n');
      const lastDeclaration = Math.max(...lines.map((line, index) => (/^\s*state "/.test(line) ? index : -1)));
      const firstTransition = lines.findIndex((line) => line.includes(' --> ') && !line.includes('[*]'));
      expect(firstTransition).toBeGreaterThan(lastDeclaration);
    },
  );

  it('exports each definition with machine.toJSON()', () => {
    for (const { model } of all) {
      const definition = JSON.parse(files.get(`${MACHINE_JSON_DIR}/${model.name}.json`)!) as { id: string; states: object };
      expect(definition.id).toBe(model.machine.id);
      expect(Object.keys(definition.states)).toEqual(Object.keys(model.machine.root.states));
    }
  });
});
