/**
 * Every production machine's test model, in the order the docs list them. The path generator
 * (scripts/machines/generate.ts) and the model-based tests import them from here.
 */
import { analyticsModel } from './analytics';
import { articleDetailModel } from './article-detail';
import { articleListModel } from './article-list';
import { consentModel } from './consent';
import { languageModel } from './language';
import type { MachineModel } from './model';
import { pageModel } from './page';
import { practiceModel } from './practice';
import { readAloudModel } from './read-aloud';
import { readingProgressModel } from './reading-progress';
import { reviewModel } from './review';
import { savedWordsModel } from './saved-words';
import { wordLookupModel } from './word-lookup';
import { wordStatusModel } from './word-status';
import { lemmaInventoryModel } from './lemma-inventory';
import { placementModel } from './placement';
import { progressModel } from './progress';

export type { MachineModel, ModelEvent, Scenario } from './model';
export { acceptedEventTypes } from './model';
export { CHINA_SIGNALS, GLOBAL_SIGNALS, PROBE_SIGNALS } from './analytics';
export { MODEL_ARTICLE, MODEL_ARTICLE_WITHOUT_BODY, OTHER_ARTICLE_ID, SANITISED_HTML } from './article-detail';
export {
  HOME_LIMIT,
  LIST_LIMIT,
  MATCHING_SEARCH,
  MODEL_CARDS,
  MODEL_TOTAL,
  MORE_CARD,
  SEARCH_DELAY_EVENT,
  SEARCH_HIT,
  UNMATCHED_SEARCH,
} from './article-list';
export { LOOKUP_ENTRY, LOOKUP_WORD, NOT_A_WORD } from './word-lookup';
export { READ_ALOUD_SENTENCES, READ_ALOUD_VOICES, READ_ALOUD_WORD } from './read-aloud';
export type { PageNavigation } from './page';
export { READING_ARTICLE } from './reading-progress';
export { DUE_WORD, LATER_WORD, REVIEW_MODEL_NOW } from './review';
export { PRACTICE_SAVED, PRACTICE_SET } from './practice';
export { FOREIGN_CSV, IMPORTED_WORD, NEW_WORD, OUR_CSV, STORED_WORD } from './saved-words';
export { REST_LEMMAS, SAVED_HARBOUR, STATUS_NOW } from './word-status';
export { INVENTORY_CITY, INVENTORY_TIDES } from './lemma-inventory';

export const MACHINE_MODELS: readonly MachineModel[] = [
  languageModel,
  pageModel,
  articleListModel,
  articleDetailModel,
  readingProgressModel,
  wordLookupModel,
  readAloudModel,
  reviewModel,
  practiceModel,
  savedWordsModel,
  wordStatusModel,
  lemmaInventoryModel,
  placementModel,
  progressModel,
  consentModel,
  analyticsModel,
];

export function modelNamed(name: string): MachineModel {
  const model = MACHINE_MODELS.find((candidate) => candidate.name === name);
  if (model === undefined) throw new Error(`No machine model named ${name}`);
  return model;
}
