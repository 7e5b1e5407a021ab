/** The test model of the lemma-inventory machine (src/machines/lemma-inventory-machine.ts), with its fixtures. */
import type { LemmaInventory } from '../../../src/domain/coverage';
import { FETCH_INVENTORIES_ID, lemmaInventoryMachine, type LemmaInventoryContext } from '../../../src/machines/lemma-inventory-machine';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

export const INVENTORY_CITY: LemmaInventory = {
  articleId: 'city-bikes',
  words: 5,
  lemmas: [
    ['the', 3],
    ['bike', 2],
  ],
};
export const INVENTORY_TIDES: LemmaInventory = { articleId: 'tides', words: 2, lemmas: [['tide', 2]] };

const payloads: PayloadTable = {
  [`xstate.done.actor.${FETCH_INVENTORIES_ID}`]: (snapshot) => {
    const ids = (snapshot.context as LemmaInventoryContext).inFlight;
    return [
      {
        type: `xstate.done.actor.${FETCH_INVENTORIES_ID}`,
        output: { inventories: [INVENTORY_CITY, INVENTORY_TIDES].filter((each) => ids.includes(each.articleId)) },
      },
    ];
  },
  [`xstate.error.actor.${FETCH_INVENTORIES_ID}`]: [
    { type: `xstate.error.actor.${FETCH_INVENTORIES_ID}`, error: new Error('Network error, the server could not be reached') },
  ],
  INVENTORIES_WANTED: [{ type: 'INVENTORIES_WANTED', ids: ['city-bikes', 'tides'] }],
};

export const lemmaInventoryModel: MachineModel = {
  name: 'lemma-inventory',
  title: 'Lemma inventories',
  summary:
    "The lemma inventories of the articles on screen, fetched so the browser can compute the learner's coverage: asked for as cards appear (or for the article being read), kept, and a failure leaves coverage out until the next request. Its context also holds `listCheck`, the check of the frequency list the cards' inventories point into by rank (decision 50): from its input as home's or the list's page names it (`rankedCheck` in the page's embedded data), then replaced by the check the latest answer names, since the server's answer is newer than a page; null when neither names one (an article page, or a page rendered without a dictionary). The coverage chunk makes the learner's statuses by rank for `listCheck`, else for the word-status machine's `rankCheck` (the last record's list), before the cards' inventories arrive, and with no current record asks for `listCheck`'s hash table at once.",
  machine: lemmaInventoryMachine,
  source: 'src/machines/lemma-inventory-machine.ts',
  scenarios: [{ id: 'list-zh', title: 'A learner with statuses opens /zh/articles', input: {} }],
  events(snapshot) {
    return eventsFromTable('lemma inventory', snapshot, payloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as LemmaInventoryContext;
    return JSON.stringify({ value: snapshot.value, kept: Object.keys(context.inventories).length, wanted: context.wanted.length > 0 });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${FETCH_INVENTORIES_ID}`:
        return 'The server answers with the inventories';
      case `xstate.error.actor.${FETCH_INVENTORIES_ID}`:
        return `The request fails (${quote(errorMessage(event))})`;
      case 'INVENTORIES_WANTED':
        return 'The cards of "city-bikes" and "tides" show';
      case 'RETRY':
        return 'The inventories are asked for again';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as LemmaInventoryContext;
    return `${Object.keys(context.inventories).length} inventory(ies)`;
  },
};
