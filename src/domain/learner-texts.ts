/**
 * Texts of the learner model: word statuses, coverage and its bands, the marks in the body,
 * "I know the rest", and why the features are off. Apart from texts.ts so only the chunks that
 * show them (the article page, the coverage on cards) carry them.
 */
import { DATE_LOCALES, type TextLanguage } from '../../common/languages';
import type { CoverageBand } from './coverage';
import type { WordStoreProblem } from './saved-words';
import type { WordStatus } from './word-status';
import type { BackupProblem } from './backup';
import { count, es, zh } from './learner-texts-zh-es';

export interface LearnerTexts {
  readonly bands: Readonly<Record<CoverageBand, string>>;
  readonly forYou: string;
  /** "96.5% known" (the accessible name says it in full) */
  readonly coverage: (percent: string) => string;
  readonly newWords: (count: number) => string;
  /** The accessible name of a card's or the header's coverage. */
  readonly coverageLabel: (percent: string, band: string, newWords: number) => string;
  readonly statuses: Readonly<Record<WordStatus, string>>;
  readonly statusLine: (status: string) => string;
  readonly markKnown: string;
  readonly markIgnored: string;
  readonly markNew: string;
  readonly marking: string;
  readonly markingLegend: string;
  readonly knowRest: string;
  readonly knowRestHint: string;
  readonly restMarked: (count: number) => string;
  readonly undo: string;
  readonly undone: string;
  readonly fitOrder: string;
  readonly newestFirst: string;
  readonly bestFitFirst: string;
  readonly fitShown: string;
  readonly allFits: string;
  readonly noneFits: string;
  readonly zoneTitle: string;
  readonly zoneHint: string;
  readonly placementOffer: string;
  readonly off: Readonly<Record<WordStoreProblem, string>>;
  readonly level: {
    readonly title: string;
    readonly intro: string;
    readonly legend: string;
    readonly exams: string;
    readonly bands: string;
    readonly band: (size: string) => string;
    readonly submit: string;
    readonly skip: string;
    readonly working: string;
    readonly done: (count: number) => string;
    readonly toArticles: string;
    readonly again: string;
    readonly network: string;
    readonly tryAgain: string;
  };
  readonly progress: {
    readonly title: string;
    readonly intro: string;
    readonly loading: string;
    readonly known: string;
    readonly estimated: string;
    readonly finished: string;
    readonly streak: string;
    readonly days: (count: number) => string;
    readonly today: string;
    readonly chartTitle: string;
    readonly chartSummary: (total: number, today: number) => string;
    readonly tableLabel: string;
    readonly dayColumn: string;
    readonly wordsColumn: string;
    readonly articlesColumn: string;
    readonly goal: string;
    readonly goals: (kind: 'articles' | 'words', count: number) => string;
    readonly goalMet: string;
    readonly goalOpen: string;
    readonly tryAgain: string;
  };
  readonly backup: {
    readonly title: string;
    readonly intro: string;
    readonly download: string;
    readonly restore: string;
    readonly restoring: string;
    readonly restored: string;
    readonly refused: string;
    readonly problem: (problem: BackupProblem) => string;
  };
}

const en: LearnerTexts = {
  bands: { comfortable: 'Comfortable', withHelp: 'With help', hard: 'Hard' },
  forYou: 'How well this article fits you',
  coverage: (percent) => `${percent}% known`,
  newWords: (n) => (n === 1 ? '1 new word' : `${count(n, 'en')} new words`),
  coverageLabel: (percent, band, n) =>
    `For you: ${band}, ${percent}% of the words known, ${n === 1 ? '1 new word' : `${count(n, 'en')} new words`}`,
  statuses: { new: 'New', learning: 'Learning', known: 'Known', ignored: 'Ignored' },
  statusLine: (status) => `Your status: ${status}`,
  markKnown: 'Known',
  markIgnored: 'Ignore',
  markNew: 'Mark as new',
  marking: 'Mark new words',
  markingLegend: 'New words are underlined; words you are learning are highlighted.',
  knowRest: 'I know the rest',
  knowRestHint: 'Every word of this article you have not marked becomes known.',
  restMarked: (n) => (n === 1 ? '1 word marked as known.' : `${count(n, 'en')} words marked as known.`),
  undo: 'Undo',
  undone: 'Undone: those words are new again.',
  fitOrder: 'Order',
  newestFirst: 'Newest first',
  bestFitFirst: 'Best fit for me first',
  fitShown: 'Show',
  allFits: 'Every article',
  noneFits: 'No article on this page fits that choice. Choose another, or load more.',
  zoneTitle: 'In your learning zone',
  zoneHint: 'New articles where you know at least 95% of the words: enough to read with a little help, and learn.',
  placementOffer: 'Find your level in two minutes, so every article shows how much of it you know.',
  off: {
    unavailable: 'Word statuses are off: this browser does not let the site keep data (a private window?).',
    newerVersion: 'Word statuses are off: they were saved by a newer version of the site. Reload the page.',
    quotaFull: "Word statuses are off: the browser's storage is full.",
    failed: 'Word statuses are off: they could not be read in this browser.',
  },
  level: {
    title: 'Find your level',
    intro:
      'Choose the exam you passed, or how many of the most common English words you know. Those words are marked known in this browser, so every article shows how much of it you can read. Words you marked yourself are never changed, and you can come back and choose again.',
    legend: 'Your level',
    exams: 'Exams',
    bands: 'The most common words',
    band: (size) => `The ${size} most common words`,
    submit: 'Mark these words as known',
    skip: 'Skip for now',
    working: 'Marking the words…',
    done: (n) => `${count(n, 'en')} words are now marked as known. Articles now show how much of them you know.`,
    toArticles: 'Go to the articles',
    again: 'Choose another level',
    network: 'The words could not be fetched. Check your connection and try again.',
    tryAgain: 'Try again',
  },
  progress: {
    title: 'My progress',
    intro: 'Everything here comes from this browser: the words you marked and saved and the articles you finished.',
    loading: 'Reading your progress…',
    known: 'Words known',
    estimated: 'Estimated vocabulary',
    finished: 'Articles finished',
    streak: 'Days in a row',
    days: (n) => (n === 1 ? '1 day' : `${count(n, 'en')} days`),
    today: 'Today',
    chartTitle: 'Words marked per day, last 30 days',
    chartSummary: (total, today) => `${count(total, 'en')} words marked in 30 days, ${count(today, 'en')} today.`,
    tableLabel: 'The same figures as a table',
    dayColumn: 'Day',
    wordsColumn: 'Words marked',
    articlesColumn: 'Articles finished',
    goal: 'Daily goal',
    goals: (kind, n) =>
      kind === 'articles' ? (n === 1 ? 'Finish 1 article a day' : `Finish ${n} articles a day`) : `Mark ${n} words a day`,
    goalMet: "Today's goal is met.",
    goalOpen: "Today's goal is still open.",
    tryAgain: 'Try again',
  },
  backup: {
    title: 'Backup',
    intro:
      'One file with everything this browser keeps for you: word statuses, saved words and their reviews, finished articles and your goal.',
    download: 'Download a backup',
    restore: 'Restore from a backup',
    restoring: 'Restoring…',
    restored: 'The backup was restored.',
    refused: 'Nothing was restored:',
    problem: (p) => {
      const lists = { statuses: 'word statuses', words: 'saved words', finished: 'finished articles' } as const;
      switch (p.kind) {
        case 'notJson':
          return 'the file is not a backup from this site, or it is cut short.';
        case 'notOurs':
          return 'the file is not a backup from this site.';
        case 'newerVersion':
          return 'the backup was made by a newer version of the site.';
        case 'unknownField':
          return `the file has a part this site does not know ("${p.field}").`;
        case 'notList':
          return `the ${lists[p.list]} are not a list.`;
        case 'badRow':
          return `${lists[p.list]}, row ${p.row}: ${p.fields.length > 0 ? `wrong or missing ${p.fields.join(', ')}` : 'not a row this site writes'}.`;
        case 'badGoal':
          return 'the daily goal cannot be read.';
      }
    },
  },
};

export const LEARNER_TEXTS: Readonly<Record<TextLanguage, LearnerTexts>> = { en, zh, es };

export function learnerTextsFor(language: TextLanguage): LearnerTexts {
  return LEARNER_TEXTS[language];
}

/**
 * The percent as the page language writes it, to a tenth: 96.5, 96,5. Written out rather than with toLocaleString:
 * a page's first Intl number format loads the locale's data, 50–60 ms of one task at 4× CPU on the article page
 * (scripts/bench/page-tasks.ts). A coverage percent is a tenth from 0 to 100 (coveragePercent), so no grouping and no
 * rounding of ICU's to copy; anything else goes to Intl.
 */
export function percentText(percent: number, language: TextLanguage): string {
  if (!(percent >= 0 && percent <= 100) || Math.round(percent * 10) / 10 !== percent)
    return percent.toLocaleString(DATE_LOCALES[language], { maximumFractionDigits: 1 });
  const tenths = Math.round(percent * 10);
  const tenth = tenths % 10;
  const whole = (tenths - tenth) / 10;
  return tenth === 0 ? String(whole) : `${whole}${language === 'es' ? ',' : '.'}${tenth}`;
}
