/**
 * The machine catalogue (docs/machines.md: a Mermaid diagram, states and events per machine),
 * the JSON definitions (docs/machines/<machine>.json), and every generated file at once.
 */
import type { AnyStateMachine } from 'xstate';
import { eventsOf, stateDescriptions, toMermaid } from './mermaid';
import { generatedNotice, MACHINE_JSON_DIR, MACHINES_DOC, pathCounts, TEST_PATHS_DIR, type MachinePaths } from './paths';
import { renderPathsIndex, renderPathsJson, renderPathsMarkdown } from './render-paths';

function escapeTable(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderMachinesMarkdown(all: readonly MachinePaths[]): string {
  const lines: string[] = [
    generatedNotice(),
    '',
    '# State machines',
    '',
    'Every machine the app runs, drawn from its definition. For test paths see [docs/test-paths](test-paths/); ' +
      'for the raw definitions (`machine.toJSON()`), see [docs/machines](machines/). To watch the machines run, ' +
      'start `npm run dev` and add `?inspect` to any URL: every running actor connects to the Stately inspector.',
    '',
  ];
  for (const machinePaths of all) {
    const { model } = machinePaths;
    const machine = model.machine;
    const { shortest: shortestCount, simple: simpleCount } = pathCounts(machinePaths);
    lines.push(
      `<a id="${model.name}"></a>`,
      '',
      `## ${model.title}`,
      '',
      `Machine \`${machine.id}\` in [${model.source}](../${model.source}). ` +
        `Definition: [machines/${model.name}.json](machines/${model.name}.json). ` +
        `Test paths: [test-paths/${model.name}.md](test-paths/${model.name}.md) (${shortestCount} shortest, ${simpleCount} simple).`,
      '',
      model.summary,
      '',
      '```mermaid',
      toMermaid(machine),
      '```',
      '',
      '| State | What it means |',
      '| --- | --- |',
      ...stateDescriptions(machine).map(
        ({ id, description }) => `| \`${id}\` | ${escapeTable(description === '' ? '(no description)' : description)} |`,
      ),
      '',
      `Events: ${eventsOf(machine)
        .map((name) => `\`${name}\``)
        .join(', ')}.`,
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderMachineJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.toJSON(), null, 2)}\n`;
}

/** Every generated file, path relative to the repository root, mapped to its content. */
export function renderAll(all: readonly MachinePaths[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const machinePaths of all) {
    const name = machinePaths.model.name;
    files.set(`${TEST_PATHS_DIR}/${name}.md`, renderPathsMarkdown(machinePaths));
    files.set(`${TEST_PATHS_DIR}/${name}.json`, renderPathsJson(machinePaths));
    files.set(`${MACHINE_JSON_DIR}/${name}.json`, renderMachineJson(machinePaths.model.machine));
  }
  files.set(`${TEST_PATHS_DIR}/README.md`, renderPathsIndex(all));
  files.set(MACHINES_DOC, renderMachinesMarkdown(all));
  return files;
}
