/**
 * What a test model of a production machine is, shared by the path generator (npm run test:paths,
 * scripts/machines/generate.ts) and the model-based tests (tests/model). A model never copies a
 * machine: it walks the real definition and only says which events to try in each state (with a
 * few representative payloads, results of invoked actors and delays given as events), how to tell
 * states apart (the state value plus the context fields a learner would notice), and how to say
 * each step in words. What a learner sees in a state is read from the state's own `description`.
 * One file per machine beside this one; index.ts lists them.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/** An event with its payload, as sent to the machine (actor results and delays included). */
export interface ModelEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}
type EventObject = ModelEvent;

/** One starting situation of a machine (its input), e.g. "a choice was saved earlier". */
export interface Scenario {
  readonly id: string;
  readonly title: string;
  readonly input: unknown;
  /**
   * Only shortest paths: for a start whose later course another scenario's simple paths already walk
   * (a server-rendered page starts where a fetched one arrives), so the path files stay readable.
   */
  readonly shortestOnly?: boolean;
}

export interface MachineModel {
  /** File name under docs/test-paths and docs/machines. */
  readonly name: string;
  readonly title: string;
  readonly summary: string;
  readonly machine: AnyStateMachine;
  /** The machine's source file, for links in the docs. */
  readonly source: string;
  readonly scenarios: readonly Scenario[];
  /** Events to try in a state, for shortest paths (every reachable state once). */
  events(snapshot: AnyMachineSnapshot): EventObject[];
  /** A smaller event set for simple paths, which grow exponentially with the events tried. */
  simpleEvents(snapshot: AnyMachineSnapshot): EventObject[];
  /**
   * Two snapshots a learner cannot tell apart serialise the same. The event that led to the
   * snapshot may count too, where the way into a state is worth a path of its own.
   */
  serialize(snapshot: AnyMachineSnapshot, event?: EventObject): string;
  /** The step in words, e.g. 'The learner types "bikes" in the search box'. */
  describeEvent(event: EventObject): string;
  /** What in the context makes this state look different, e.g. "1 of 3 cards". */
  describeContext(snapshot: AnyMachineSnapshot): string;
}

/** Representative payloads for an event type; a function may narrow them by state. */
export type PayloadTable = Record<string, readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[])>;

/**
 * Event types the active states react to (own transitions, delays, actor results, root
 * handlers). Actor results and delays come first: when a learner's action and the app's own
 * progress reach the same state equally fast, the shortest path shows the usual course (the
 * banner appearing after its delay rather than opened early from the footer).
 */
export function acceptedEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const types = new Set<string>();
  for (const node of snapshot._nodes) {
    for (const type of node.ownEvents) types.add(type);
  }
  const internal = (type: string) => (type.startsWith('xstate.') ? 0 : 1);
  return [...types].sort((a, b) => internal(a) - internal(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Turns the event types a state accepts into concrete events. Actor results and delays must be
 * described by the model (they carry outputs or depend on time); an unknown one fails loudly,
 * so a new invoke or delay cannot slip past the test paths unnoticed.
 */
export function eventsFromTable(
  machineName: string,
  snapshot: AnyMachineSnapshot,
  table: PayloadTable,
  skip: (snapshot: AnyMachineSnapshot, type: string) => boolean,
): EventObject[] {
  const events: EventObject[] = [];
  for (const type of acceptedEventTypes(snapshot)) {
    if (skip(snapshot, type)) continue;
    const entry = table[type];
    if (entry === undefined) {
      if (type.startsWith('xstate.') || type === '*') {
        throw new Error(
          `The ${machineName} model does not say how "${type}" happens (state ${JSON.stringify(snapshot.value)}). ` +
            'Add representative events for it in its model under tests/model/models/.',
        );
      }
      events.push({ type });
      continue;
    }
    events.push(...(typeof entry === 'function' ? entry(snapshot) : entry));
  }
  return events;
}

export const never = () => false;

export function quote(text: string): string {
  return `"${text}"`;
}

export function errorMessage(event: EventObject): string {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error ? error.message : String(error);
}
