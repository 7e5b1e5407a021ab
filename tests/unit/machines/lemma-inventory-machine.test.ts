/**
 * The lemma-inventory machine's frequency list (listCheck, decision 50): as the page names it until
 * an answer names one, then as the answers do, so a page rendered before the list changed is corrected.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { decodeInventoryEntries, listCheck } from '../../../common/lemma-contract';
import { encodeInventories } from '../../../common/lemma-encode';
import { lemmaInventoryMachine, type InventoryAnswer, type InventoryRequest } from '../../../src/machines/lemma-inventory-machine';
import { harbourArticle } from '../../support/lemma-inventories';

const list = ['the', 'go', 'harbour', 'tide'];
const pageCheck = listCheck(list.slice(0, 3));

function started(answers: InventoryAnswer[], input: { listCheck?: string } = {}) {
  const machine = lemmaInventoryMachine.provide({
    actors: { fetchInventories: fromPromise<InventoryAnswer, InventoryRequest>(async () => answers.shift()!) },
  });
  return createActor(machine, { input }).start();
}

const until = (actor: ReturnType<typeof started>) =>
  new Promise<void>((resolve) => {
    const seen = actor.subscribe((snapshot) => {
      if (snapshot.matches('idle')) {
        seen.unsubscribe();
        resolve();
      }
    });
  });

describe('the frequency list the cards point into', () => {
  it("is the page's until an answer names one, then the answer's; an answer naming none keeps it", async () => {
    const ranked = decodeInventoryEntries(encodeInventories([harbourArticle], undefined, list));
    const plain = { ...harbourArticle, articleId: 'b' };
    const actor = started([{ inventories: [plain] }, { inventories: ranked }], { listCheck: pageCheck });
    expect(actor.getSnapshot().context.listCheck).toBe(pageCheck);
    actor.send({ type: 'INVENTORIES_WANTED', ids: ['b'] });
    await until(actor);
    expect(actor.getSnapshot().context.listCheck).toBe(pageCheck);
    actor.send({ type: 'INVENTORIES_WANTED', ids: ['a'] });
    await until(actor);
    expect(actor.getSnapshot().context.listCheck).toBe(listCheck(list));
  });

  it('is none when neither the page nor an answer names one', () => {
    expect(started([]).getSnapshot().context.listCheck).toBeNull();
  });
});
