/**
 * What the model is asked for (a JSON schema and its io-ts codec) and the checks every answer
 * must pass before anything of it is kept: lengths, counts, no markup, no links or script, every
 * English term and every quoted sentence really in the article. One failed check rejects the
 * whole answer (docs/explanations.md, "Prompt-injection defences").
 */
import * as t from 'io-ts';

export const ExplanationAnswerCodec = t.type(
  {
    summary: t.string,
    notes: t.array(t.type({ term: t.string, title: t.string, explanation: t.string })),
    hard_sentences: t.array(t.type({ sentence: t.string, explanation: t.string })),
  },
  'ExplanationAnswer',
);
export type ExplanationAnswer = t.TypeOf<typeof ExplanationAnswerCodec>;

export const LIMITS = {
  summaryChars: 600,
  termChars: 80,
  titleChars: 80,
  noteChars: 500,
  sentenceChars: 600,
  explanationChars: 500,
  notes: { min: 2, max: 5 },
  sentences: { min: 2, max: 3 },
} as const;

/** The JSON schema sent as response_format (the same shape as the codec, with its limits). */
export const EXPLANATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'notes', 'hard_sentences'],
  properties: {
    summary: { type: 'string', maxLength: LIMITS.summaryChars },
    notes: {
      type: 'array',
      minItems: LIMITS.notes.min,
      maxItems: LIMITS.notes.max,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['term', 'title', 'explanation'],
        properties: {
          term: { type: 'string', maxLength: LIMITS.termChars },
          title: { type: 'string', maxLength: LIMITS.titleChars },
          explanation: { type: 'string', maxLength: LIMITS.noteChars },
        },
      },
    },
    hard_sentences: {
      type: 'array',
      minItems: LIMITS.sentences.min,
      maxItems: LIMITS.sentences.max,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sentence', 'explanation'],
        properties: {
          sentence: { type: 'string', maxLength: LIMITS.sentenceChars },
          explanation: { type: 'string', maxLength: LIMITS.explanationChars },
        },
      },
    },
  },
} as const;

/** Markup of any kind: a tag, an entity, a Markdown link or image, a code fence. */
const MARKUP = /<|>|&[#a-z0-9]+;|\]\(|```/i;
/** Links and script: a scheme, a www. host, a bare domain name (word.tld/...), a script URL or an event handler. */
const LINK_OR_SCRIPT =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b(?:javascript|vbscript|data)\s*:|\bon[a-z]+\s*=|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|io|ru|cn|co|xyz|top|app|dev|site|online|link|me|ly|gl|biz|uk|es|de|fr)\b/i;

/** Why a text may not be shown, or undefined when it may. */
export function unsafeText(text: string): string | undefined {
  if (MARKUP.test(text)) return 'carries markup';
  if (LINK_OR_SCRIPT.test(text)) return 'carries a link or script';
  // Control characters other than new lines and tabs have no place in a note.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return 'carries control characters';
  return undefined;
}

/** Text compared for "occurs in the article": case, spacing and typographic quotes folded. */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export class AnswerRejected extends Error {}

export interface CheckedAnswer {
  readonly summary: string;
  readonly notes: { term: string; title: string; body: string }[];
  readonly sentences: { sentence: string; explanation: string }[];
}

/** The answer, trimmed, when every check passes; AnswerRejected (with the first reason) otherwise. */
export function checkAnswer(answer: ExplanationAnswer, paragraphs: readonly string[]): CheckedAnswer {
  const article = comparable(paragraphs.join(' '));
  const field = (name: string, value: string, max: number): string => {
    const text = value.trim();
    if (!text) throw new AnswerRejected(`${name} is empty`);
    if (text.length > max) throw new AnswerRejected(`${name} is too long (${text.length} characters, at most ${max})`);
    const unsafe = unsafeText(text);
    if (unsafe) throw new AnswerRejected(`${name} ${unsafe}`);
    return text;
  };
  const summary = field('summary', answer.summary, LIMITS.summaryChars);
  if (answer.notes.length < LIMITS.notes.min || answer.notes.length > LIMITS.notes.max) {
    throw new AnswerRejected(`${answer.notes.length} notes (${LIMITS.notes.min} to ${LIMITS.notes.max} asked)`);
  }
  const notes = answer.notes.map((note, i) => {
    const term = field(`note ${i + 1} term`, note.term, LIMITS.termChars);
    if (!article.includes(comparable(term))) throw new AnswerRejected(`note ${i + 1} term "${term}" is not in the article`);
    return {
      term,
      title: field(`note ${i + 1} title`, note.title, LIMITS.titleChars),
      body: field(`note ${i + 1} explanation`, note.explanation, LIMITS.noteChars),
    };
  });
  if (answer.hard_sentences.length < LIMITS.sentences.min || answer.hard_sentences.length > LIMITS.sentences.max) {
    throw new AnswerRejected(
      `${answer.hard_sentences.length} explained sentences (${LIMITS.sentences.min} to ${LIMITS.sentences.max} asked)`,
    );
  }
  const sentences = answer.hard_sentences.map((item, i) => {
    const sentence = field(`sentence ${i + 1}`, item.sentence, LIMITS.sentenceChars);
    if (!article.includes(comparable(sentence))) throw new AnswerRejected(`sentence ${i + 1} is not quoted from the article`);
    return { sentence, explanation: field(`sentence ${i + 1} explanation`, item.explanation, LIMITS.explanationChars) };
  });
  return { summary, notes, sentences };
}
