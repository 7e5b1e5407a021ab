/** The test model of the cookie consent machine (src/machines/consent-machine.ts). */
import { consentRecord } from '../../../src/domain/consent-record';
import { consentMachine, type ConsentContext } from '../../../src/machines/consent-machine';
import { eventsFromTable, never, type MachineModel, type PayloadTable } from './model';

const consentPayloads: PayloadTable = {
  'xstate.after.bannerDelay.consent.undecided.waiting': [{ type: 'xstate.after.bannerDelay.consent.undecided.waiting' }],
  SET_ANALYTICS: (snapshot) => [{ type: 'SET_ANALYTICS', enabled: !(snapshot.context as ConsentContext).analyticsDraft }],
};

function choiceInWords(context: ConsentContext): string {
  if (context.choice === null) return 'no choice saved';
  return context.choice.analytics ? 'choice: analytics on' : 'choice: analytics off';
}

export const consentModel: MachineModel = {
  name: 'consent',
  title: 'Cookie consent',
  summary:
    "The cookie banner. Without a saved choice it appears after one second; Accept All, Reject All or Customize (then Save Preferences) saves a choice and closes it. A saved choice is applied at load without a banner; the footer's Cookie settings reopens it.",
  machine: consentMachine,
  source: 'src/machines/consent-machine.ts',
  scenarios: [
    { id: 'first-visit', title: 'First visit: no choice saved', input: { savedChoice: null } },
    { id: 'saved-accept', title: 'Return visit: analytics were accepted', input: { savedChoice: consentRecord(true) } },
    { id: 'saved-reject', title: 'Return visit: analytics were rejected', input: { savedChoice: consentRecord(false) } },
  ],
  events(snapshot) {
    return eventsFromTable('consent', snapshot, consentPayloads, never);
  },
  simpleEvents(snapshot) {
    // Reviewing a choice only looks and closes here (changing it is in the shortest paths);
    // otherwise every order of re-deciding would be its own simple path.
    return eventsFromTable('consent', snapshot, consentPayloads, (s, type) => {
      if (type === 'SET_ANALYTICS') return !(s.context as ConsentContext).analyticsDraft;
      return s.hasTag('reviewing') && ['ACCEPT_ALL', 'REJECT_ALL', 'SAVE_PREFERENCES'].includes(type);
    });
  },
  serialize(snapshot) {
    const context = snapshot.context as ConsentContext;
    // The checkbox draft is only visible while customizing.
    const draft = snapshot.hasTag('customizing') ? context.analyticsDraft : null;
    return JSON.stringify({ value: snapshot.value, analytics: context.choice?.analytics ?? null, draft });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'xstate.after.bannerDelay.consent.undecided.waiting':
        return 'One second passes';
      case 'ACCEPT_ALL':
        return 'The learner clicks Accept All';
      case 'REJECT_ALL':
        return 'The learner clicks Reject All';
      case 'CUSTOMIZE':
        return 'The learner clicks Customize';
      case 'SET_ANALYTICS':
        return event.enabled === true ? 'The learner ticks the Analytics checkbox' : 'The learner unticks the Analytics checkbox';
      case 'SAVE_PREFERENCES':
        return 'The learner clicks Save Preferences';
      case 'BACK':
        return 'The learner clicks Back';
      case 'OPEN_SETTINGS':
        return 'The learner clicks Cookie settings in the footer';
      case 'CLOSE':
        return 'The learner closes the banner';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ConsentContext;
    const parts = [choiceInWords(context)];
    if (snapshot.hasTag('customizing')) parts.push(`Analytics checkbox ${context.analyticsDraft ? 'ticked' : 'unticked'}`);
    return parts.join('; ');
  },
};
