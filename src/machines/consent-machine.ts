/**
 * Cookie consent. Undecided learners see the banner one second after load; a choice
 * (accept all, reject all, or customised) is saved and closes the banner. A saved choice
 * is applied at load without a banner. From any decided state the footer's "Cookie
 * settings" reopens the banner, and while it is open the earlier choice still holds.
 *
 * Tags tell views what to show: `banner` while the banner is visible, `customizing`
 * while its details view is shown, `reviewing` when it was reopened from the footer.
 */
import { assign, setup } from 'xstate';
import { consentRecord, type ConsentRecord } from '../domain/consent-record';

export interface ConsentContext {
  /** The choice in force; null while undecided. */
  readonly choice: ConsentRecord | null;
  /** State of the Analytics checkbox in the customize view. */
  readonly analyticsDraft: boolean;
}

export interface ConsentInput {
  /** The choice found in storage at load, already validated; null when none. */
  readonly savedChoice: ConsentRecord | null;
}

export type ConsentEvent =
  | { type: 'ACCEPT_ALL' }
  | { type: 'REJECT_ALL' }
  | { type: 'CUSTOMIZE' }
  | { type: 'SET_ANALYTICS'; enabled: boolean }
  | { type: 'SAVE_PREFERENCES' }
  | { type: 'BACK' }
  | { type: 'OPEN_SETTINGS' }
  | { type: 'CLOSE' };

export const BANNER_DELAY_MS = 1000;

/** The banner's two views; reused for the first decision and for reviewing a choice. */
function bannerStates() {
  return {
    initial: 'summary' as const,
    states: {
      summary: {
        description: 'The cookie banner with Accept All, Reject All and Customize.',
        tags: ['banner'],
        on: {
          CUSTOMIZE: { target: 'customizing' },
        },
      },
      customizing: {
        description: "The banner's details: Essential (always on, disabled) and Analytics checkboxes, Save Preferences and Back.",
        tags: ['banner', 'customizing'],
        on: {
          SET_ANALYTICS: { actions: 'setAnalyticsDraft' },
          BACK: { target: 'summary' },
          SAVE_PREFERENCES: { target: '#consent.customized', actions: ['chooseDraft', 'persistChoice'] },
        },
      },
    },
    on: {
      ACCEPT_ALL: { target: '#consent.accepted', actions: ['chooseAll', 'persistChoice'] },
      REJECT_ALL: { target: '#consent.rejected', actions: ['chooseNone', 'persistChoice'] },
    },
  } as const;
}

/** A decided state: the banner is closed until the learner reopens it from the footer. */
function decidedStates() {
  return {
    initial: 'settled' as const,
    states: {
      settled: {
        description: 'No banner; Cookie settings in the footer reopens it.',
        on: { OPEN_SETTINGS: { target: 'reviewing', actions: 'resetDraftToChoice' } },
      },
      reviewing: {
        description: 'The banner again, reopened from the footer; the earlier choice holds until a new one is made.',
        tags: ['reviewing'],
        ...bannerStates(),
        on: { ...bannerStates().on, CLOSE: { target: 'settled' } },
      },
    },
  } as const;
}

export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as ConsentInput,
  },
  actions: {
    setAnalyticsDraft: assign({
      analyticsDraft: ({ event }) => (event.type === 'SET_ANALYTICS' ? event.enabled : true),
    }),
    resetDraftToChoice: assign({
      // Reopening shows the checkbox as the learner last left it.
      analyticsDraft: ({ context }) => context.choice?.analytics ?? true,
    }),
    chooseAll: assign({ choice: () => consentRecord(true) }),
    chooseNone: assign({ choice: () => consentRecord(false) }),
    chooseDraft: assign({ choice: ({ context }) => consentRecord(context.analyticsDraft) }),
    /** Saves the choice just made (a restored choice is not saved again); the app provides the real storage. */
    persistChoice: () => {},
  },
  guards: {
    savedAnalyticsOn: ({ context }) => context.choice?.analytics === true,
    savedAnalyticsOff: ({ context }) => context.choice?.analytics === false,
  },
  delays: {
    bannerDelay: BANNER_DELAY_MS,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({
    choice: input.savedChoice,
    analyticsDraft: input.savedChoice?.analytics ?? true,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Never seen: applies a saved choice, or starts undecided when there is none.',
      always: [
        { guard: 'savedAnalyticsOn', target: 'accepted' },
        { guard: 'savedAnalyticsOff', target: 'rejected' },
        { target: 'undecided' },
      ],
    },
    undecided: {
      description: 'No choice yet, so analytics stay off.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'No banner yet: it appears one second after the page loads.',
          after: { bannerDelay: { target: 'prompting' } },
          // The footer's "Cookie settings" before the delay is over shows the banner at once.
          on: { OPEN_SETTINGS: { target: 'prompting' } },
        },
        prompting: bannerStates(),
      },
    },
    accepted: {
      description: 'Analytics allowed (Accept All).',
      ...decidedStates(),
    },
    rejected: {
      description: 'Analytics refused (Reject All).',
      ...decidedStates(),
    },
    customized: {
      description: "The learner's own choice from Customize is in force.",
      ...decidedStates(),
    },
  },
});

export type ConsentMachine = typeof consentMachine;

/** Analytics may run only when a choice allows it. */
export function analyticsAllowed(context: ConsentContext): boolean {
  return context.choice?.analytics === true;
}
