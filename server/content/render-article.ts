/**
 * Renders an article for one learner language as clean, classed, sanitised HTML: the header,
 * a summary in the learner's language, the English paragraphs, a Key vocabulary section and a
 * Cultural context section. zh and es learners get their translations; ja, ko and en learners
 * (and any empty translation) get the English explanation. Class names are documented in
 * docs/api.md for whoever styles them.
 */
import { SOURCES, isSourceId } from '../../common/catalog';
import { partOfSpeechName } from '../../common/parts-of-speech';
import { DATE_LOCALES, textLanguageFor, type LanguageCode } from '../../common/languages';
import { CATEGORY_LABELS, DIFFICULTY_LABELS } from '../../common/labels';
import { escapeHtml } from '../../common/escape-html';
import type { ArticleInput, StoredArticle, TranslatedLanguage } from '../store/types';
import { ARTICLE_LABELS } from './article-labels';
import { sanitiseHtml } from './sanitise-html';
import { phraseFinderFor } from './phrase-finder';
import { formMatcher, markBodyWords, markExample, markSentences, type WordForms } from './word-markup';

/** Sample articles point at a reserved domain; a link there would lead nowhere. */
const UNLINKED_HOSTS = new Set(['newsreader.example']);

function translatedLanguage(language: LanguageCode): TranslatedLanguage | undefined {
  return language === 'zh' || language === 'es' ? language : undefined;
}

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function linkableUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return UNLINKED_HOSTS.has(parsed.hostname) ? undefined : parsed.href;
  } catch {
    return undefined;
  }
}

/**
 * `forms` (the bundled dictionary) lets the body highlight vocabulary in every form it takes and
 * the examples mark the form they use; without it only the words as listed are found.
 */
export function renderArticleHtml(article: StoredArticle | ArticleInput, language: LanguageCode, forms?: WordForms): string {
  const textLanguage = textLanguageFor(language);
  const labels = ARTICLE_LABELS[textLanguage];
  const translated = translatedLanguage(language);
  const explanationLang = (hasTranslation: boolean) => (translated && hasTranslation ? translated : 'en');
  const sourceName = isSourceId(article.source) ? SOURCES[article.source].name : String(article.source);
  const isVocabulary = formMatcher(
    article.vocabulary.map((item) => item.word),
    forms,
  );
  const phrases = forms ? phraseFinderFor(forms) : undefined;
  const parts: string[] = [];

  parts.push(`<article class="nr-article" lang="en">`);
  parts.push(`<header class="nr-article-header">`);
  parts.push(`<h1 class="nr-article-title">${markSentences(article.title, escapeHtml)}</h1>`);
  parts.push(`<p class="nr-article-meta" lang="${textLanguage}">`);
  parts.push(`<span class="nr-article-source">${escapeHtml(sourceName)}</span>`);
  const date = formatDate(article.publishedAt, DATE_LOCALES[textLanguage]);
  if (date) {
    const datetime = new Date(article.publishedAt).toISOString();
    parts.push(` <time class="nr-article-date" datetime="${escapeHtml(datetime)}">${escapeHtml(date)}</time>`);
  }
  parts.push(` <span class="nr-article-reading-time">${escapeHtml(labels.readingTime(article.readingTimeMinutes))}</span>`);
  parts.push(` <span class="nr-article-word-count">${escapeHtml(labels.wordCount(article.wordCount))}</span>`);
  parts.push(
    ` <span class="nr-difficulty nr-difficulty-${escapeHtml(article.difficulty)}">${escapeHtml(
      DIFFICULTY_LABELS[textLanguage][article.difficulty] ?? article.difficulty,
    )}</span>`,
  );
  parts.push(`</p>`);
  if (article.categories.length) {
    parts.push(`<ul class="nr-article-categories" lang="${textLanguage}" aria-label="${escapeHtml(labels.categories)}">`);
    for (const category of article.categories) {
      const name = CATEGORY_LABELS[textLanguage][category] ?? category;
      parts.push(`<li class="nr-category nr-category-${escapeHtml(category)}">${escapeHtml(name)}</li>`);
    }
    parts.push(`</ul>`);
  }
  parts.push(`</header>`);

  // Machine-written help fills only what people did not write, always marked with its model (docs/explanations.md).
  const machine = translated ? article.machineHelp?.[translated] : undefined;
  const machineMark = machine
    ? `<p class="nr-machine-written" lang="${textLanguage}">${escapeHtml(labels.machineWritten(machine.model))}</p>`
    : '';
  const handSummary = translated ? article.summaryTranslations[translated]?.trim() : undefined;
  const machineSummary = handSummary ? undefined : machine?.summary?.trim();
  const localSummary = handSummary || machineSummary;
  const summary = localSummary || article.summary.trim();
  if (summary) {
    parts.push(`<section class="nr-article-summary" lang="${localSummary ? translated : 'en'}">`);
    parts.push(`<h2 lang="${textLanguage}">${escapeHtml(labels.summary)}</h2>`);
    parts.push(`<p>${localSummary ? escapeHtml(summary) : markBodyWords(summary, isVocabulary, phrases)}</p>`);
    if (machineSummary) parts.push(machineMark);
    parts.push(`</section>`);
  }

  parts.push(`<div class="nr-article-body">`);
  for (const paragraph of article.paragraphs) {
    if (paragraph.trim()) parts.push(`<p>${markBodyWords(paragraph.trim(), isVocabulary, phrases, { sentences: true })}</p>`);
  }
  parts.push(`</div>`);

  if (article.vocabulary.length) {
    parts.push(`<section class="nr-vocabulary">`);
    parts.push(`<h2 lang="${textLanguage}">${escapeHtml(labels.keyVocabulary)}</h2>`);
    parts.push(`<dl class="nr-vocabulary-list">`);
    for (const item of article.vocabulary) {
      const translation = translated ? item.translations[translated]?.trim() : undefined;
      const pos = partOfSpeechName(item.partOfSpeech, textLanguage);
      parts.push(`<div class="nr-vocabulary-item">`);
      parts.push(
        `<dt><span class="nr-vocabulary-word" lang="en">${escapeHtml(item.word)}</span>` +
          (pos.trim() ? ` <span class="nr-vocabulary-pos" lang="${textLanguage}">${escapeHtml(pos)}</span>` : '') +
          `</dt>`,
      );
      if (translation) {
        parts.push(`<dd class="nr-vocabulary-translation" lang="${explanationLang(true)}">${escapeHtml(translation)}</dd>`);
      } else if (translated) {
        // Said in the learner's language, so English never stands under a Chinese heading unexplained.
        parts.push(
          `<dd class="nr-vocabulary-translation nr-vocabulary-missing" lang="${textLanguage}">${escapeHtml(labels.noTranslation)}</dd>`,
        );
      }
      parts.push(`<dd class="nr-vocabulary-definition" lang="en">${escapeHtml(item.definition)}</dd>`);
      if (item.example.trim()) {
        parts.push(`<dd class="nr-vocabulary-example" lang="en"><q>${markExample(item.example.trim(), item.word, forms)}</q></dd>`);
      }
      parts.push(`</div>`);
    }
    parts.push(`</dl>`);
    parts.push(`</section>`);
  }

  const machineNotes = machine?.notes ?? [];
  if (article.culturalNotes.length || machineNotes.length) {
    parts.push(`<section class="nr-cultural-context">`);
    parts.push(`<h2 lang="${textLanguage}">${escapeHtml(labels.culturalContext)}</h2>`);
    for (const note of machineNotes) {
      parts.push(`<aside class="nr-cultural-note nr-cultural-note-machine" lang="${translated}">`);
      parts.push(`<h3>${escapeHtml(note.title)} <span class="nr-cultural-note-term" lang="en">(${escapeHtml(note.term)})</span></h3>`);
      parts.push(`<p>${escapeHtml(note.body)}</p>`);
      parts.push(`</aside>`);
    }
    if (machineNotes.length) parts.push(machineMark);
    for (const note of article.culturalNotes) {
      const local = translated ? note.translations[translated] : undefined;
      const useLocal = Boolean(local?.title?.trim() && local?.body?.trim());
      const title = useLocal ? local!.title.trim() : note.title;
      const body = useLocal ? local!.body.trim() : note.body;
      parts.push(`<aside class="nr-cultural-note" lang="${explanationLang(useLocal)}">`);
      parts.push(`<h3>${escapeHtml(title)}</h3>`);
      for (const paragraph of body.split(/\n\s*\n/)) {
        if (paragraph.trim()) parts.push(`<p>${escapeHtml(paragraph.trim())}</p>`);
      }
      parts.push(`</aside>`);
    }
    parts.push(`</section>`);
  }

  if (machine?.sentences.length) {
    parts.push(`<section class="nr-hard-sentences">`);
    parts.push(`<h2 lang="${textLanguage}">${escapeHtml(labels.hardSentences)}</h2>`);
    for (const item of machine.sentences) {
      parts.push(`<div class="nr-hard-sentence">`);
      parts.push(`<blockquote lang="en"><p>${escapeHtml(item.sentence)}</p></blockquote>`);
      parts.push(`<p lang="${translated}">${escapeHtml(item.explanation)}</p>`);
      parts.push(`</div>`);
    }
    parts.push(machineMark);
    parts.push(`</section>`);
  }

  const original = linkableUrl(article.url);
  if (original) {
    parts.push(
      `<footer class="nr-article-footer" lang="${textLanguage}"><a class="nr-article-original" href="${escapeHtml(
        original,
      )}">${escapeHtml(labels.readOriginal)}</a></footer>`,
    );
  }
  parts.push(`</article>`);
  return sanitiseHtml(parts.join('\n'));
}
