/** The test model of the reading progress machine (src/machines/reading-progress-machine.ts). */
import { readingProgressMachine, type ReadingArticle, type ReadingProgressContext } from '../../../src/machines/reading-progress-machine';
import { MODEL_ARTICLE } from './article-detail';
import { eventsFromTable, never, type MachineModel, type PayloadTable } from './model';

export const READING_ARTICLE: ReadingArticle = { id: MODEL_ARTICLE.id, source: MODEL_ARTICLE.source, difficulty: MODEL_ARTICLE.difficulty };
const VISIT_ENDS = ['ARTICLE_LEFT', 'PAGE_LEFT', 'PAGE_HIDDEN'];

const readingPayloads: PayloadTable = {
  ARTICLE_SHOWN: [{ type: 'ARTICLE_SHOWN', article: READING_ARTICLE, language: 'zh' }],
};

export const readingProgressModel: MachineModel = {
  name: 'reading-progress',
  title: 'Reading progress',
  summary:
    "The learner's visit to one article, for analytics; it has no screen of its own. article_start once the article is shown; article_complete, with the seconds spent, when another article or language loads, when the learner goes to another page, or when the tab is closed; each once per visit.",
  machine: readingProgressMachine,
  source: 'src/machines/reading-progress-machine.ts',
  scenarios: [{ id: 'article-zh', title: 'The learner opens /zh/articles/city-bikes', input: {} }],
  events(snapshot) {
    return eventsFromTable('reading progress', snapshot, readingPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot, event) {
    // Each way a visit ends gets a path of its own.
    const via = event !== undefined && VISIT_ENDS.includes(event.type) && snapshot.matches('idle') ? event.type : null;
    return JSON.stringify({ value: snapshot.value, via });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'ARTICLE_SHOWN':
        return `The article ${String((event.article as ReadingArticle).id)} has loaded and is shown`;
      case 'ARTICLE_LEFT':
        return 'Another article or language is asked for; the article page loads it';
      case 'PAGE_LEFT':
        return 'The learner goes to a page that is not an article (the list, home)';
      case 'PAGE_HIDDEN':
        return 'The learner closes the tab (pagehide)';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const { visit } = snapshot.context as ReadingProgressContext;
    return visit === null ? 'no visit' : `visit of ${visit.article.id} in ${visit.language}`;
  },
};
