// @vitest-environment node
/**
 * Model-based test of the lemma inventories: every shortest path runs on the machine as the
 * routes wire it (wiredLemmaInventory) over a fake lemma API whose answers the path decides; the
 * API is asked for exactly the ids still missing, and what it answered is kept.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { LemmaApi } from '../../src/api/lemma-client';
import { wiredLemmaInventory } from '../../src/app/learner-wiring';
import type { LemmaInventory } from '../../src/domain/coverage';
import { deferred } from '../support/fake-api';
import { modelNamed } from './models';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('lemma-inventory');
const [scenario] = model.scenarios;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lemma inventories: every shortest path on the machine as the routes wire it', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThanOrEqual(2);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const asked: Array<{ ids: readonly string[]; answer: ReturnType<typeof deferred<LemmaInventory[]>> }> = [];
    const api: LemmaApi = {
      inventories: (ids) => {
        const answer = deferred<LemmaInventory[]>();
        asked.push({ ids, answer });
        return answer.promise;
      },
      articleLemmas: () => Promise.reject(new Error('the list never asks for an article page')),
      levelWords: () => Promise.reject(new Error('the list never asks for a level')),
      rankedList: () => Promise.reject(new Error('the inventories never need the frequency list')),
      rankedHashes: () => Promise.reject(new Error('the inventories never need the frequency list')),
    };
    const actor = createActor(wiredLemmaInventory(api), { input: {} });

    async function execute(step: Step) {
      const { event } = step;
      const before = asked.length;
      if (event.type === 'xstate.init') actor.start();
      else if (event.type.startsWith('xstate.done.actor.'))
        asked.at(-1)!.answer.resolve(field<{ inventories: LemmaInventory[] }>(event, 'output').inventories);
      else if (event.type.startsWith('xstate.error.actor.')) asked.at(-1)!.answer.reject(field(event, 'error'));
      else actor.send(event as never);
      await settle();
      if (actor.getSnapshot().matches('fetching') && asked.length > before) {
        const kept = Object.keys(actor.getSnapshot().context.inventories);
        expect(asked.at(-1)!.ids.some((id) => kept.includes(id))).toBe(false);
      }
    }

    function expectState(snapshot: AnyMachineSnapshot) {
      expect(actor.getSnapshot().value).toEqual(snapshot.value);
      expect(model.serialize(actor.getSnapshot())).toBe(model.serialize(snapshot));
    }

    await runPath(path, execute, expectState);
    actor.stop();
  });
});
