/**
 * The lemma inventories of the articles on screen (cards, or the article being read), fetched
 * from the server so the browser can compute the learner's coverage: idle -> fetching -> idle,
 * or failed (coverage is then left out; the next cards ask again). Ids asked for while a request
 * runs wait for it; an inventory once fetched is kept for the page's life. It also knows which
 * frequency list the cards point into (`listCheck`): as the page names it (decision 50) until an
 * answer names it, then as the latest answer does.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LemmaInventory } from '../domain/coverage';

export interface InventoryRequest {
  readonly ids: readonly string[];
  /** The article page: also the body's forms (went → go), for the marks. */
  readonly withForms: boolean;
}

export interface InventoryAnswer {
  readonly inventories: readonly LemmaInventory[];
  readonly forms?: Readonly<Record<string, string>>;
}

export interface LemmaInventoryContext {
  inventories: Readonly<Record<string, LemmaInventory>>;
  forms: Readonly<Record<string, string>>;
  /** Ids asked for and not fetched yet (the first ones are in flight while fetching). */
  wanted: string[];
  inFlight: string[];
  withForms: boolean;
  /** The check of the frequency list the cards' inventories point into: the page's hint, then the answers' own; null when neither named one. */
  listCheck: string | null;
}

/**
 * The article page starts with its article wanted (and its forms); the cards send theirs as they show.
 * `listCheck`: the frequency list home's or the list's page names (common/page-data.ts rankedCheck).
 */
export type LemmaInventoryInput = { ids?: readonly string[]; withForms?: boolean; listCheck?: string } | undefined;

export type LemmaInventoryEvent = { type: 'INVENTORIES_WANTED'; ids: readonly string[]; withForms?: boolean } | { type: 'RETRY' };

export const FETCH_INVENTORIES_ID = 'fetchInventories';

export const lemmaInventoryMachine = setup({
  types: {
    context: {} as LemmaInventoryContext,
    events: {} as LemmaInventoryEvent,
    input: {} as LemmaInventoryInput,
  },
  actors: {
    // Replaced by the app with the API client; a failing default keeps a forgotten wiring visible.
    fetchInventories: fromPromise<InventoryAnswer, InventoryRequest>(async () => {
      throw new Error('fetchInventories is not provided');
    }),
  },
  actions: {
    want: assign(({ context, event }) => {
      if (event.type !== 'INVENTORIES_WANTED') return {};
      const fresh = event.ids.filter(
        (id) => context.inventories[id] === undefined && !context.wanted.includes(id) && !context.inFlight.includes(id),
      );
      return { wanted: [...context.wanted, ...fresh], withForms: context.withForms || event.withForms === true };
    }),
    takeWanted: assign(({ context }) => ({ inFlight: context.wanted, wanted: [] })),
    keep: assign(({ context, event }) => {
      const answer = (event as unknown as { output: InventoryAnswer }).output;
      const inventories = { ...context.inventories };
      for (const inventory of answer.inventories) inventories[inventory.articleId] = inventory;
      // The server's word over the page's: a page rendered before the list changed names an old one.
      const named = answer.inventories.find((inventory) => inventory.ranked !== undefined)?.ranked?.check;
      return { inventories, forms: { ...context.forms, ...answer.forms }, inFlight: [], listCheck: named ?? context.listCheck };
    }),
    // Failed ids are not asked again by themselves; the next request (or Retry) asks again.
    forget: assign(({ context }) => ({ wanted: [...context.inFlight, ...context.wanted], inFlight: [] })),
  },
  guards: {
    hasWanted: ({ context }) => context.wanted.length > 0,
  },
}).createMachine({
  id: 'lemmaInventory',
  context: ({ input }) => ({
    inventories: {},
    forms: {},
    wanted: [...(input?.ids ?? [])],
    inFlight: [],
    withForms: input?.withForms === true,
    listCheck: input?.listCheck ?? null,
  }),
  initial: 'next',
  states: {
    idle: {
      description: 'Every inventory asked for is here: coverage shows on each card, or in the article header.',
      on: { INVENTORIES_WANTED: { target: 'next', actions: 'want' } },
    },
    // Transient: fetch what is still wanted, or rest.
    next: {
      description: 'Never seen: fetches the inventories still wanted, or rests.',
      always: [{ guard: 'hasWanted', target: 'fetching' }, { target: 'idle' }],
    },
    fetching: {
      description: 'Inventories are being fetched; cards without one show no coverage yet.',
      entry: 'takeWanted',
      on: { INVENTORIES_WANTED: { actions: 'want' } },
      invoke: {
        id: FETCH_INVENTORIES_ID,
        src: 'fetchInventories',
        input: ({ context }) => ({ ids: context.inFlight, withForms: context.withForms }),
        onDone: { target: 'next', actions: 'keep' },
        onError: { target: 'failed', actions: 'forget' },
      },
    },
    failed: {
      description: 'The inventories could not be fetched: no coverage shows, the page works; new cards or Retry ask again.',
      on: { RETRY: 'next', INVENTORIES_WANTED: { target: 'next', actions: 'want' } },
    },
  },
});
