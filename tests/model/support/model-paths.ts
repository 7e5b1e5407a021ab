/**
 * The shortest paths of a production machine as xstate/graph's TestModel gives them, for the
 * model-based tests to execute against the real views (or, for analytics, the wired machine).
 * The model (events, payloads, serialisation) is the one the path docs are generated from.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { TestModel, type TestParam, type TestPath } from 'xstate/graph';
import type { MachineModel, ModelEvent, Scenario } from '../models';
import { stateLabel } from '../paths/paths';

export type ModelPath = TestPath<AnyMachineSnapshot, EventObject>;
export type Step = ModelPath['steps'][number];

export function shortestTestPaths(model: MachineModel, scenario: Scenario): ModelPath[] {
  const testModel = new TestModel(model.machine, {
    input: scenario.input,
    events: (snapshot: AnyMachineSnapshot) => model.events(snapshot) as EventObject[],
    serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined) =>
      model.serialize(snapshot, event as ModelEvent | undefined),
  });
  // Paths that are a prefix of a longer one are dropped: the longer one passes the same states.
  return testModel.getShortestPaths();
}

/** A readable test name: the state reached, then the steps. */
export function pathName(model: MachineModel, path: ModelPath): string {
  const steps = path.steps.slice(1).map((step) => model.describeEvent(step.event as ModelEvent));
  return `reaches ${stateLabel(path.state.value)}${steps.length === 0 ? ' at start' : `: ${steps.join(' → ')}`}`;
}

/** The step after this one in its path (to prepare a fake's answer before the app asks). */
export function nextStep(path: ModelPath, step: Step): Step | undefined {
  const index = path.steps.indexOf(step);
  return index === -1 ? undefined : path.steps[index + 1];
}

/**
 * Runs a path: each step's event through `execute`, then `expectState` on the state the model
 * says the machine is in. Events the executor does not know fail the test, so a new event in a
 * machine cannot be silently skipped by the UI tests.
 */
export async function runPath(
  path: ModelPath,
  execute: (step: Step) => Promise<void> | void,
  expectState: (snapshot: AnyMachineSnapshot) => Promise<void> | void,
): Promise<void> {
  const eventTypes = new Set(path.steps.map((step) => step.event.type));
  const events: NonNullable<TestParam<AnyMachineSnapshot, EventObject>['events']> = {};
  for (const type of eventTypes) {
    (events as Record<string, (step: Step) => Promise<void>>)[type] = async (step) => {
      await execute(step);
    };
  }
  await path.test({ events, states: { '*': (snapshot) => expectState(snapshot) } });
}

export function field<T>(event: EventObject, name: string): T {
  return (event as unknown as Record<string, T>)[name] as T;
}
