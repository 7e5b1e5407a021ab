// @vitest-environment node
/**
 * Every state of every production machine is reached by some generated path (resting in it or
 * passing through it), so a new state cannot ship without a path, and the UI tests that walk
 * the shortest paths, reaching it.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { allStateIds } from './paths/mermaid';
import { MACHINE_MODELS, modelNamed, type MachineModel } from './models';
import { generatePaths, unreachedStateIds } from './paths/paths';

/** The same definition with extra top-level states, as a developer might add them. */
function withExtraStates(machine: AnyStateMachine, states: Record<string, object>): AnyStateMachine {
  const MachineClass = machine.constructor as new (config: unknown, implementations: unknown) => AnyStateMachine;
  return new MachineClass({ ...machine.config, states: { ...machine.config.states, ...states } }, machine.implementations);
}

describe('state coverage of the generated paths', () => {
  it.each(MACHINE_MODELS.map((model) => [model.name, model] as const))('every %s state is reached by a path', (_name, model) => {
    const paths = generatePaths(model);
    expect(unreachedStateIds(paths)).toEqual([]);
    // Transient states count as reached only when a path really passes through them.
    const passed = new Set(
      paths.scenarios.flatMap((s) => [...s.shortest, ...s.simple]).flatMap((p) => p.steps.flatMap((step) => step.passedThrough)),
    );
    for (const id of allStateIds(model.machine)) {
      const node = model.machine.getStateNodeById(id);
      if (node.always !== undefined && node.always.length > 0) expect(passed, id).toContain(id);
    }
  });

  it('reports a state that no event leads to', () => {
    const model = modelNamed('article-list');
    const copy: MachineModel = { ...model, machine: withExtraStates(model.machine, { orphaned: {} }) };
    expect(unreachedStateIds(generatePaths(copy))).toEqual(['articleList.orphaned']);
  });

  it('reports a state behind a guard that the model never satisfies', () => {
    const model = modelNamed('consent');
    const machine = withExtraStates(model.machine, {
      archived: { description: 'never entered' },
    });
    const config = machine.config as { states: Record<string, { on?: object }> };
    config.states.rejected = { ...config.states.rejected, on: { ARCHIVE: { target: 'archived', guard: () => false } } };
    const MachineClass = machine.constructor as new (config: unknown, implementations: unknown) => AnyStateMachine;
    const copy: MachineModel = { ...model, machine: new MachineClass(config, machine.implementations) };
    expect(unreachedStateIds(generatePaths(copy))).toEqual(['consent.archived']);
  });

  it('refuses a machine whose new invoked actor the model does not describe', () => {
    const model = modelNamed('article-detail');
    const copy: MachineModel = {
      ...model,
      machine: withExtraStates(model.machine, {
        translating: { invoke: { id: 'translate', src: 'fetchArticle', onDone: 'loading' } },
      }),
    };
    // Reachable only through a new event, so the traversal meets the invoke's results.
    const config = copy.machine.config as { on: Record<string, unknown> };
    const MachineClass = copy.machine.constructor as new (config: unknown, implementations: unknown) => AnyStateMachine;
    const withEntry: MachineModel = {
      ...copy,
      machine: new MachineClass({ ...config, on: { ...config.on, TRANSLATE: '.translating' } }, copy.machine.implementations),
    };
    expect(() => generatePaths(withEntry)).toThrow(/does not say how "xstate.done.actor.translate" happens/);
  });
});
