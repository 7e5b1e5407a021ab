/**
 * The class of the element the server wraps each sentence of an article's title and body in (server/content/word-markup.ts):
 * the browser reads a tapped word's sentence and read-aloud's sentences from these marks (src/views/detail/body-sentences.ts)
 * and splits nothing itself (decision 62). Its own module, so the browser's code takes the name without the rules.
 */
export const SENTENCE_MARK_CLASS = 'nr-s';
