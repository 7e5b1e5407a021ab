/**
 * Renders a machine definition as a Mermaid state diagram, read from the machine's own
 * state nodes so the picture cannot drift from the code.
 */
import type { AnyStateMachine } from 'xstate';

interface TransitionLike {
  readonly target?: ReadonlyArray<{ readonly id: string }>;
  readonly guard?: unknown;
  readonly eventType: string;
}

interface StateNodeLike {
  readonly id: string;
  readonly key: string;
  readonly type: string;
  readonly description?: string;
  readonly initial?: { readonly target: ReadonlyArray<{ readonly id: string }> };
  readonly states: Record<string, StateNodeLike>;
  readonly transitions: Map<string, TransitionLike[]>;
  readonly always?: TransitionLike[];
}

function mermaidId(stateId: string): string {
  return stateId.replace(/[^A-Za-z0-9_]/g, '_');
}

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'guard';
  return 'guard';
}

/** Turns XState's internal event names into what a reader understands. */
export function readableEventName(eventType: string): string {
  const after = /^xstate\.after\.(.+?)\.[^.]+(?:\..+)?$/.exec(eventType);
  if (after) return `after ${after[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} failed`;
  if (eventType === '') return 'always';
  return eventType;
}

function label(transition: TransitionLike, eventName: string): string {
  const guard = guardName(transition.guard);
  return guard ? `${eventName} [${guard}]` : eventName;
}

/**
 * Declares the states (composite ones as blocks with their initial arrow) and collects the
 * transitions, which are drawn after all declarations at the top level: a transition written
 * inside a block to a state declared later would make Mermaid create a second, empty state
 * with that id inside the block.
 */
function renderNode(node: StateNodeLike, indent: string, lines: string[], transitions: string[]): void {
  const children = Object.values(node.states);
  const initialTarget = node.initial?.target[0];
  if (initialTarget) lines.push(`${indent}[*] --> ${mermaidId(initialTarget.id)}`);
  for (const child of children) {
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state "${child.key}" as ${mermaidId(child.id)} {`);
      renderNode(child, `${indent}  `, lines, transitions);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${child.key}" as ${mermaidId(child.id)}`);
    }
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child.id)} --> [*]`);
  }
  for (const child of children) {
    for (const [eventType, childTransitions] of child.transitions) {
      for (const t of childTransitions) {
        for (const target of t.target ?? []) {
          transitions.push(`  ${mermaidId(child.id)} --> ${mermaidId(target.id)}: ${label(t, readableEventName(eventType))}`);
        }
      }
    }
    for (const t of child.always ?? []) {
      for (const target of t.target ?? []) {
        transitions.push(`  ${mermaidId(child.id)} --> ${mermaidId(target.id)}: ${label(t, 'always')}`);
      }
    }
  }
}

export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root as unknown as StateNodeLike;
  const lines = ['stateDiagram-v2'];
  const transitions: string[] = [];
  renderNode(root, '  ', lines, transitions);
  lines.push(...transitions);
  // Transitions defined on the root itself (events accepted in every state).
  for (const [eventType, rootTransitions] of root.transitions) {
    for (const t of rootTransitions) {
      for (const target of t.target ?? []) {
        lines.push(`  note right of ${mermaidId(target.id)}: any state, ${label(t, readableEventName(eventType))}`);
      }
    }
  }
  return lines.join('\n');
}

/** Every state node id below the root, e.g. "articleList.loaded.showing". */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: StateNodeLike) => {
    for (const child of Object.values(node.states)) {
      ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root as unknown as StateNodeLike);
  return ids;
}

/** Events each state reacts to, for the docs table. */
export function eventsOf(machine: AnyStateMachine): string[] {
  const names = new Set<string>();
  const visit = (node: StateNodeLike) => {
    for (const eventType of node.transitions.keys()) names.add(readableEventName(eventType));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as StateNodeLike);
  return [...names].sort();
}

export function stateDescriptions(machine: AnyStateMachine): Array<{ id: string; description: string }> {
  const out: Array<{ id: string; description: string }> = [];
  const visit = (node: StateNodeLike) => {
    for (const child of Object.values(node.states)) {
      out.push({ id: child.id, description: child.description ?? '' });
      visit(child);
    }
  };
  visit(machine.root as unknown as StateNodeLike);
  return out;
}
