/**
 * Walks each machine model with xstate/graph and renders the paths for QA (Markdown) and for
 * tools (JSON), plus the machine catalogue (docs/machines.md) and the JSON definitions.
 * Everything here is deterministic (no dates, stable ordering) so the committed files can be
 * checked for freshness byte for byte.
 */
import { createEmptyActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { allStateIds, eventsOf, stateDescriptions, toMermaid } from './mermaid';
import type { MachineModel, Scenario } from './models';

export const REFRESH_COMMAND = 'npm run test:paths';
export const TEST_PATHS_DIR = 'docs/test-paths';
export const MACHINES_DOC = 'docs/machines.md';
export const MACHINE_JSON_DIR = 'docs/machines';

export interface PathStep {
  readonly event: EventObject;
  /** The event in words. */
  readonly eventText: string;
  /** The state after the event, dotted (e.g. "loaded.showing"). */
  readonly state: string;
  readonly stateValue: StateValue;
  /** Ids of the state nodes the machine rests in after the event. */
  readonly stateIds: readonly string[];
  /** Transient state nodes the machine passed through on the way (eventless transitions). */
  readonly passedThrough: readonly string[];
  /** What the learner sees: the states' descriptions and the context that shows. */
  readonly sees: string;
  /** The model's serialisation of the state, used to check a replay against the path. */
  readonly key: string;
}

export interface GeneratedPath {
  readonly id: string;
  readonly kind: 'shortest' | 'simple';
  readonly scenario: string;
  readonly reaches: string;
  /** The context that tells this end state apart from others with the same name. */
  readonly reachesDetail: string;
  readonly steps: readonly PathStep[];
}

export interface ScenarioPaths {
  readonly scenario: Scenario;
  readonly shortest: readonly GeneratedPath[];
  readonly simple: readonly GeneratedPath[];
}

export interface MachinePaths {
  readonly model: MachineModel;
  readonly scenarios: readonly ScenarioPaths[];
}

export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateLabel(child)}`))
    .join(', ');
}

/** The descriptions of the active state nodes, outermost first. */
export function describedStates(snapshot: AnyMachineSnapshot): string {
  const texts = snapshot._nodes
    .filter((node) => node.parent !== undefined)
    .map((node) => node.description?.trim() ?? '')
    .filter((text) => text !== '');
  return texts.length === 0 ? '(no description)' : texts.join(' ');
}

export function whatTheLearnerSees(model: MachineModel, snapshot: AnyMachineSnapshot): string {
  const context = model.describeContext(snapshot);
  return context === '' ? describedStates(snapshot) : `${describedStates(snapshot)} (${context})`;
}

/** JSON for events and inputs: errors keep their message, which JSON.stringify would drop. */
export function toPlainJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (item instanceof Error ? { name: item.name, message: item.message } : item)),
  );
}

function serializeEvent(event: EventObject): string {
  return JSON.stringify(toPlainJson(event));
}

interface Recorder {
  readonly ids: Set<string>;
}

/**
 * An actor scope like xstate/graph's own, whose inspection hook records every microstep, so
 * transient states (eventless transitions) that a resting snapshot never shows are seen too.
 */
function recordingScope(recorder: Recorder) {
  const emptyActor = createEmptyActor();
  const system = Object.create(emptyActor.system) as typeof emptyActor.system & {
    _sendInspectionEvent: (event: unknown) => void;
  };
  system._sendInspectionEvent = (inspection: unknown) => {
    const event = inspection as {
      type: string;
      snapshot?: AnyMachineSnapshot;
      _transitions?: Array<{ source: { id: string } }>;
    };
    if (event.type !== '@xstate.microstep') return;
    for (const node of event.snapshot?._nodes ?? []) recorder.ids.add(node.id);
    for (const transition of event._transitions ?? []) recorder.ids.add(transition.source.id);
  };
  return {
    self: emptyActor,
    logger: () => {},
    id: '',
    sessionId: 'test-paths',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

function restingIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((node) => node !== machine.root).map((node) => node.id);
}

/**
 * Replays a path's events on the production machine from its initial state and returns, per
 * step, the snapshot and the transient states passed through. The replay also proves the path:
 * each step must end in the state the traversal said it would.
 */
export function replay(
  model: MachineModel,
  input: unknown,
  events: readonly EventObject[],
): Array<{ snapshot: AnyMachineSnapshot; passedThrough: string[] }> {
  const { machine } = model;
  const out: Array<{ snapshot: AnyMachineSnapshot; passedThrough: string[] }> = [];
  let snapshot: AnyMachineSnapshot | undefined;
  for (const event of events) {
    const recorder: Recorder = { ids: new Set() };
    // The scope's shape is what xstate/graph passes; the typings do not export it.
    const scope = recordingScope(recorder) as unknown as Parameters<AnyStateMachine['transition']>[2];
    snapshot =
      snapshot === undefined || event.type === 'xstate.init'
        ? (machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot)
        : (machine.transition(snapshot, event, scope) as AnyMachineSnapshot);
    const resting = new Set(restingIds(machine, snapshot));
    const passedThrough = [...recorder.ids].filter((id) => id !== machine.root.id && !resting.has(id)).sort();
    out.push({ snapshot, passedThrough });
  }
  return out;
}

function toGeneratedPath(
  model: MachineModel,
  scenario: Scenario,
  kind: 'shortest' | 'simple',
  index: number,
  path: StatePath<AnyMachineSnapshot, EventObject>,
): GeneratedPath {
  const events = path.steps.map((step) => step.event);
  const replayed = replay(model, scenario.input, events);
  const steps = path.steps.map((step, position): PathStep => {
    const replayedStep = replayed[position]!;
    const event = position === 0 ? undefined : step.event;
    const key = model.serialize(step.state, event);
    if (model.serialize(replayedStep.snapshot, event) !== key) {
      throw new Error(
        `Replaying ${model.name} path ${kind} ${index + 1} did not reach ${key} at step ${position + 1} ` +
          `(got ${model.serialize(replayedStep.snapshot, event)}).`,
      );
    }
    return {
      event: toPlainJson(step.event) as EventObject,
      eventText: position === 0 ? `Start: ${scenario.title}` : model.describeEvent(step.event),
      state: stateLabel(step.state.value),
      stateValue: step.state.value,
      stateIds: restingIds(model.machine, step.state),
      passedThrough: replayedStep.passedThrough,
      sees: whatTheLearnerSees(model, step.state),
      key,
    };
  });
  return {
    id: `${scenario.id}/${kind}/${index + 1}`,
    kind,
    scenario: scenario.id,
    reaches: steps[steps.length - 1]!.state,
    reachesDetail: model.describeContext(path.state),
    steps,
  };
}

/** Shortest paths first by length, then in the traversal's (breadth-first, stable) order. */
function byLength<T extends { steps: readonly unknown[] }>(paths: readonly T[]): T[] {
  return paths
    .map((path, order) => ({ path, order }))
    .sort((a, b) => a.path.steps.length - b.path.steps.length || a.order - b.order)
    .map(({ path }) => path);
}

export function generatePaths(model: MachineModel): MachinePaths {
  const scenarios = model.scenarios.map((scenario): ScenarioPaths => {
    const common = {
      input: scenario.input,
      serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined) => model.serialize(snapshot, event),
      serializeEvent,
    };
    const shortest = byLength(
      getShortestPaths(model.machine, { ...common, events: (snapshot: AnyMachineSnapshot) => model.events(snapshot) }),
    );
    const simple = byLength(
      getSimplePaths(model.machine, { ...common, events: (snapshot: AnyMachineSnapshot) => model.simpleEvents(snapshot) }),
    );
    return {
      scenario,
      shortest: shortest.map((path, index) => toGeneratedPath(model, scenario, 'shortest', index, path)),
      simple: simple.map((path, index) => toGeneratedPath(model, scenario, 'simple', index, path)),
    };
  });
  return { model, scenarios };
}

/** State node ids that no path rests in or passes through: each is a state no test reaches. */
export function unreachedStateIds(machinePaths: MachinePaths): string[] {
  const reached = new Set<string>();
  for (const { shortest, simple } of machinePaths.scenarios) {
    for (const path of [...shortest, ...simple]) {
      for (const step of path.steps) {
        for (const id of step.stateIds) reached.add(id);
        for (const id of step.passedThrough) reached.add(id);
      }
    }
  }
  return allStateIds(machinePaths.model.machine).filter((id) => !reached.has(id));
}

// ---------------------------------------------------------------------------------------------
// Rendering

function generatedNotice(): string {
  return `<!-- Generated by \`${REFRESH_COMMAND}\` from the machine definitions; do not edit by hand. -->`;
}

function pathHeading(label: string, path: GeneratedPath): string {
  const detail = path.reachesDetail === '' ? '' : ` (${path.reachesDetail})`;
  return `#### ${label}. Reaches \`${path.reaches}\`${detail}`;
}

function renderSteps(path: GeneratedPath): string[] {
  return path.steps.map(
    (step, index) => `${index + 1}. ${step.eventText} → \`${step.state}\`: ${step.sees}`,
  );
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

export function pathCounts(machinePaths: MachinePaths): { shortest: number; simple: number } {
  return {
    shortest: machinePaths.scenarios.reduce((sum, s) => sum + s.shortest.length, 0),
    simple: machinePaths.scenarios.reduce((sum, s) => sum + s.simple.length, 0),
  };
}
