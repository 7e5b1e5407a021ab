/**
 * What every text language must say on the pages. Each language's texts are a module of their own
 * (texts/en.ts, texts/zh.ts, texts/es.ts, each `satisfies Texts`, so a missing key in any
 * language is a type error), and the web app loads them as a chunk: the page language's before
 * the first render, another language's before a switch to it (src/app/text-chunks.ts). Tests and
 * the server rendering take all three at once from all-texts.ts. The screens that load lazily
 * (word look-up, read-aloud, saved words, review) keep their texts in their own chunks.
 */
import type { TextLanguage } from '../../common/languages';
import type { SharedTexts } from '../../common/shared-texts';
import type { FooterTexts } from './consent-texts';
import type { ListTexts } from './list-texts';

export interface Texts {
  readonly skipToContent: string;
  readonly siteName: string;
  readonly nav: {
    readonly label: string;
    readonly home: string;
    readonly articles: string;
    readonly about: string;
    readonly logoLabel: string;
    readonly myWords: string;
    /** The badge beside My words: how many saved words are due for review. */
    readonly dueCount: (count: number) => string;
  };
  readonly languageSelector: {
    /** Accessible name of the toggle button; the current language's name follows it. */
    readonly toggleLabel: string;
    readonly listLabel: string;
  };
  readonly loading: string;
  readonly home: {
    readonly heroTitle: string;
    readonly heroSubtitle: string;
    readonly latestTitle: string;
    readonly viewAll: string;
    readonly loading: string;
    readonly loadError: string;
    readonly noArticles: string;
    readonly aboutTitle: string;
    readonly aboutParagraphs: readonly string[];
  };
  readonly card: {
    readonly words: (count: number) => string;
    readonly minutes: (count: number) => string;
    readonly categoriesLabel: string;
    readonly publishedOn: string;
  };
  readonly list: ListTexts;
  readonly detail: {
    readonly back: string;
    readonly loading: string;
    readonly loadError: string;
    readonly tryAgain: string;
    readonly bodyUnavailable: string;
    readonly readingTime: (minutes: number) => string;
    readonly difficultyLabel: string;
  };
  readonly notFound: {
    readonly title: string;
    readonly body: string;
    readonly home: string;
  };
  readonly footer: FooterTexts;
  /** Page heads, category and difficulty names: the texts the server shows too. */
  readonly shared: SharedTexts;
}

/** Where the views find the texts of a language: loaded ones at once, others after `load`. */
export interface TextsSource {
  /** The language's texts, or undefined while they have not been loaded. */
  readonly loaded: (language: TextLanguage) => Texts | undefined;
  /** Resolves once the language's texts are loaded (at once when they are). */
  readonly load: (language: TextLanguage) => Promise<Texts>;
  /** Calls `onChange` whenever a language's texts arrive; returns the unsubscribe function. */
  readonly subscribe: (onChange: () => void) => () => void;
}
