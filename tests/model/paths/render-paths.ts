/**
 * The test paths for QA (docs/test-paths/<machine>.md), for tools (<machine>.json) and their
 * index (docs/test-paths/README.md).
 */
import { generatedNotice, pathCounts, REFRESH_COMMAND, toPlainJson, type GeneratedPath, type MachinePaths } from './paths';

function pathHeading(label: string, path: GeneratedPath): string {
  const detail = path.reachesDetail === '' ? '' : ` (${path.reachesDetail})`;
  return `#### ${label}. Reaches \`${path.reaches}\`${detail}`;
}

function renderSteps(path: GeneratedPath): string[] {
  return path.steps.map((step, index) => `${index + 1}. ${step.eventText} → \`${step.state}\`: ${step.sees}`);
}

export function renderPathsMarkdown(machinePaths: MachinePaths): string {
  const { model } = machinePaths;
  const lines: string[] = [
    generatedNotice(),
    '',
    `# Test paths: ${model.title}`,
    '',
    `Machine: \`${model.machine.id}\` in [${model.source}](../../${model.source}). ` +
      `Diagram and states: [docs/machines.md](../machines.md#${model.name}). The same paths for tools: [${model.name}.json](${model.name}.json).`,
    '',
    model.summary,
    '',
    'Each step is the event, then the state it leads to and what the learner sees there. ' +
      'Shortest paths reach every state a learner can tell apart by the fewest steps; simple paths are every way to reach a state without visiting a state twice ' +
      '(with fewer representative inputs, so they stay readable).',
    '',
  ];
  for (const { scenario, shortest, simple } of machinePaths.scenarios) {
    lines.push(`## ${scenario.title}`, '', `Input: \`${JSON.stringify(toPlainJson(scenario.input))}\``, '');
    lines.push(`### Shortest paths (${shortest.length})`, '');
    for (const [index, path] of shortest.entries()) {
      lines.push(pathHeading(`S${index + 1}`, path), '', ...renderSteps(path), '');
    }
    lines.push(`### Simple paths (${simple.length})`, '');
    for (const [index, path] of simple.entries()) {
      lines.push(pathHeading(`P${index + 1}`, path), '', ...renderSteps(path), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderPathsJson(machinePaths: MachinePaths): string {
  const { model } = machinePaths;
  const document = {
    machine: model.machine.id,
    title: model.title,
    source: model.source,
    generatedBy: REFRESH_COMMAND,
    stepFormat:
      'Each step: the event sent to the machine (actor results as xstate.done.actor.<id> / xstate.error.actor.<id>, delays as xstate.after.<delay>.<stateId>), then the state it leads to.',
    scenarios: machinePaths.scenarios.map(({ scenario, shortest, simple }) => ({
      id: scenario.id,
      title: scenario.title,
      input: toPlainJson(scenario.input),
      shortestPaths: shortest.map(pathJson),
      simplePaths: simple.map(pathJson),
    })),
  };
  return `${compactSteps(document)}\n`;
}

/** Pretty JSON with each step on one line, so a path reads top to bottom and the file stays small. */
function compactSteps(document: unknown): string {
  const steps: string[] = [];
  const text = JSON.stringify(
    document,
    (key, value: unknown) => {
      if (key === 'steps' && Array.isArray(value)) {
        return value.map((step) => {
          steps.push(JSON.stringify(step));
          return `@@step-${steps.length - 1}@@`;
        });
      }
      return value;
    },
    2,
  );
  return text.replace(/"@@step-(\d+)@@"/g, (_match, index: string) => steps[Number(index)]!);
}

function pathJson(path: GeneratedPath) {
  return {
    id: path.id,
    reaches: path.reaches,
    reachesDetail: path.reachesDetail,
    steps: path.steps.map((step) => ({
      event: step.event,
      description: step.eventText,
      state: step.stateValue,
      stateIds: step.stateIds,
      passedThrough: step.passedThrough,
      learnerSees: step.sees,
    })),
  };
}

/** docs/test-paths/README.md: what the files are and how to use them, with the counts. */
export function renderPathsIndex(all: readonly MachinePaths[]): string {
  const lines = [
    generatedNotice(),
    '',
    '# Test paths',
    '',
    'Paths through every production state machine, generated with `xstate/graph` from the machine definitions ' +
      `by \`${REFRESH_COMMAND}\`. Each Markdown file lists numbered steps (what happens, then the state reached and ` +
      'what the learner sees there); the JSON file next to it holds the same paths for tools, with the exact events ' +
      '(actor results as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, delays as `xstate.after.<delay>.<state id>`).',
    '',
    'The model-based tests in `tests/model/` walk every shortest path on the real screens (analytics, which has no screen, ' +
      'on the wired machine), fail when a state is reached by no path, and fail when these files are stale.',
    '',
    '| Machine | Starting situations | Shortest paths | Simple paths | Files |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const machinePaths of all) {
    const { model } = machinePaths;
    const { shortest, simple } = pathCounts(machinePaths);
    lines.push(
      `| ${model.title} | ${machinePaths.scenarios.map((s) => s.scenario.title).join('; ')} | ${shortest} | ${simple} | ` +
        `[${model.name}.md](${model.name}.md), [${model.name}.json](${model.name}.json) |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
