/** The test model of the language machine (src/machines/language-machine.ts). */
import { languageMachine, type LanguageContext } from '../../../src/machines/language-machine';
import { eventsFromTable, never, type MachineModel, type PayloadTable } from './model';

export const languageModel: MachineModel = {
  name: 'language',
  title: 'Language',
  summary:
    "The page language, read from the URL. The header's selector opens and closes; choosing another offered language loads its texts, then navigates to the same page under it (or stays, when they cannot be loaded); back/forward report the new location.",
  machine: languageMachine,
  source: 'src/machines/language-machine.ts',
  scenarios: [{ id: 'list-page-zh', title: 'The learner is on /zh/articles', input: { path: '/zh/articles', search: '' } }],
  events(snapshot) {
    return eventsFromTable('language', snapshot, languagePayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as LanguageContext;
    return JSON.stringify({ value: snapshot.value, language: context.language, path: context.path, chosen: context.chosen });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'SELECTOR_TOGGLED':
        return 'The learner clicks the language selector';
      case 'SELECTOR_CLOSED':
        return 'The learner presses Escape (or clicks outside the selector)';
      case 'LANGUAGE_SELECTED':
        return `The learner chooses ${String(event.language)} in the selector`;
      case 'LOCATION_CHANGED':
        return `The learner goes back in the browser to ${String(event.path)}`;
      case 'xstate.done.actor.texts':
        return "The chosen language's texts have loaded";
      case 'xstate.error.actor.texts':
        return "The chosen language's texts cannot be loaded (offline)";
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as LanguageContext;
    return `page language ${context.language}, at ${context.path}${context.chosen === undefined ? '' : `, ${context.chosen} chosen`}`;
  },
};

const languagePayloads: PayloadTable = {
  LANGUAGE_SELECTED: [
    { type: 'LANGUAGE_SELECTED', language: 'es' },
    { type: 'LANGUAGE_SELECTED', language: 'zh' },
  ],
  // Back/forward to another page in the other language (the selector stays as it is). Another
  // page than the selector would lead to, so both ways of changing language get a path.
  LOCATION_CHANGED: (snapshot) => {
    const { language, path } = snapshot.context as LanguageContext;
    // While a chosen language's texts load: back to another page in the language shown, so the
    // switch, once the texts are there, applies to that page.
    if (snapshot.matches('loadingTexts'))
      return [{ type: 'LOCATION_CHANGED', path: path === `/${language}` ? `/${language}/articles` : `/${language}`, search: '' }];
    return [{ type: 'LOCATION_CHANGED', path: language === 'es' ? '/zh/articles' : '/es', search: '' }];
  },
  'xstate.done.actor.texts': [{ type: 'xstate.done.actor.texts', output: undefined }],
  'xstate.error.actor.texts': [{ type: 'xstate.error.actor.texts', error: new Error('Failed to fetch dynamically imported module') }],
};
