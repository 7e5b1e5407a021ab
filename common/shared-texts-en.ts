/** The texts in English that the server uses too: page heads, category and difficulty names (see shared-texts.ts). */
import { SITE_NAME } from './site-name';
import type { SharedTexts } from './shared-texts';

export const SHARED_TEXTS_EN = {
  pages: {
    home: {
      title: `${SITE_NAME}: learn English with the news`,
      description: 'Read current news articles in English with key vocabulary, explanations and cultural context in your own language.',
      keywords: 'learn English, English news, English reading practice, vocabulary, ESL',
    },
    list: {
      title: `All articles | ${SITE_NAME}`,
      description: 'Browse, search and filter English news articles by category, source and difficulty.',
      keywords: 'English articles, news for learners, beginner English, intermediate English, advanced English',
    },
  },
  detailSuffix: 'Read with vocabulary and cultural notes',
  notFoundTitle: 'Page not found',
  categories: {
    technology: 'Technology',
    politics: 'Politics',
    business: 'Business',
    health: 'Health',
    sports: 'Sports',
    immigration: 'Immigration',
    education: 'Education',
  },
  difficulties: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
} satisfies SharedTexts;
