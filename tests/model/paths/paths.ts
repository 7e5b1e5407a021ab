/**
 * Walks each machine model with xstate/graph: the shortest and simple paths of every scenario,
 * each replayed on the production machine to prove it and to see the transient states it passes.
 * render-paths.ts and render-machines.ts turn them into the committed docs. Everything here is
 * deterministic (no dates, stable ordering) so those files can be checked for freshness byte for byte.
 */
import { createEmptyActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { MachineModel, Scenario } from '../models';
import { allStateIds } from './mermaid';

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

export function restingIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
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
    const simple =
      scenario.shortestOnly === true
        ? []
        : byLength(getSimplePaths(model.machine, { ...common, events: (snapshot: AnyMachineSnapshot) => model.simpleEvents(snapshot) }));
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

export function pathCounts(machinePaths: MachinePaths): { shortest: number; simple: number } {
  return {
    shortest: machinePaths.scenarios.reduce((sum, s) => sum + s.shortest.length, 0),
    simple: machinePaths.scenarios.reduce((sum, s) => sum + s.simple.length, 0),
  };
}

/** The first line of every generated Markdown file. */
export function generatedNotice(): string {
  return `<!-- Generated by \`${REFRESH_COMMAND}\` from the machine definitions; do not edit by hand. -->`;
}
