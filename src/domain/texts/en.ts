/**
 * Every text the pages show in English: a chunk of its own, loaded before the first render of a
 * page in this language and before a switch to it (see texts.ts), so a visitor downloads one language.
 */
import { SITE_NAME } from '../../../common/site-name';
import { SHARED_TEXTS_EN } from '../../../common/shared-texts-en';
import { formatCount, formatResultTotal } from '../number-format';
import type { Texts } from '../texts';

export const texts = {
  skipToContent: 'Skip to content',
  siteName: SITE_NAME,
  nav: {
    label: 'Main navigation',
    home: 'Home',
    articles: 'Articles',
    about: 'About',
    logoLabel: 'NewsReader English, home page',
    myWords: 'My words',
    dueCount: (count) => `(${count} due)`,
  },
  languageSelector: { toggleLabel: 'Change language', listLabel: 'Languages' },
  loading: 'Loading…',
  home: {
    heroTitle: 'Learn English with the news',
    heroSubtitle: 'Short, current articles in plain English, with the words and background you need to follow them.',
    latestTitle: 'Latest Articles',
    viewAll: 'View All Articles',
    loading: 'Loading articles…',
    loadError: 'Unable to load articles. Please try again later.',
    noArticles: 'There are no articles yet. Please come back soon.',
    aboutTitle: 'About us',
    aboutParagraphs: [
      'NewsReader English helps learners, especially Chinese and Spanish speakers, build their English by reading news-style articles. Each article shows its source, date, length, estimated reading time and difficulty, so you can choose what fits your level.',
      'The articles on this site are original sample texts written for this project. They are not copied from any news outlet; the source names only say which newsroom style a text imitates.',
      'Dictionary: ECDICT (MIT); Spanish wordnet of the Multilingual Central Repository 3.0 (CC BY 3.0); Chinese Open Wordnet (Bond and Wang); Princeton WordNet.',
    ],
  },
  card: {
    words: (count) => `${formatCount(count, 'en-US')} words`,
    minutes: (count) => `${count} min read`,
    categoriesLabel: 'Categories',
    publishedOn: 'Published',
  },
  list: {
    title: 'All Articles',
    subtitle: 'Search and filter articles by category, source and difficulty.',
    filtersLabel: 'Filter articles',
    searchLabel: 'Search',
    searchPlaceholder: 'Search titles and summaries',
    categoryLabel: 'Category',
    sourceLabel: 'Source',
    difficultyLabel: 'Difficulty',
    removeFilter: (name) => `Remove filter: ${name}`,
    allCategories: 'All categories',
    allSources: 'All sources',
    allDifficulties: 'All levels',
    loading: 'Loading articles…',
    loadErrorFallback: 'Unable to load articles, please try again later.',
    reload: 'Reload',
    emptyTitle: 'No matching articles found',
    emptyHint: 'Try adjusting your filters or search terms',
    resultCount: (shown, total, capped = false) => `Showing ${shown} of ${formatResultTotal(total, 'en-US', capped)} articles`,
    searching: 'Searching all articles…',
    loadMore: 'Load more',
    loadingMore: 'Loading more articles…',
    moreError: 'Could not load more articles.',
    retry: 'Try again',
    endOfList: 'You have reached the end of the list.',
  },
  detail: {
    back: 'Back to articles',
    loading: 'Loading article…',
    loadError: 'Unable to load article',
    tryAgain: 'Try Again',
    bodyUnavailable: 'Article content temporarily unavailable',
    readingTime: (minutes) => `${minutes} min read`,
    difficultyLabel: 'Difficulty',
  },
  notFound: {
    title: SHARED_TEXTS_EN.notFoundTitle,
    body: 'There is no page at this address.',
    home: 'Go to the home page',
  },

  footer: {
    footerLabel: 'Site footer',
    tagline: 'Learn English by reading the news.',
    cookieSettings: 'Cookie settings',
    copyright: (year) => `© ${year} ${SITE_NAME}`,
  },
  shared: SHARED_TEXTS_EN,
} satisfies Texts;
