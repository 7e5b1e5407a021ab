/**
 * The answer of GET /api/articles/{id}/exercises: an article's practice set, made from its stored
 * paragraphs and the dictionary by server/exercises/ (docs/exercises.md). routes/exercise-routes.ts sends it.
 */
import type { ExerciseLanguage, ExerciseSet } from '../../common/exercise-contract';
import type { LanguageCode } from '../../common/languages';
import { makeExercises } from '../exercises/exercise-set';
import type { ExerciseLexicon } from '../exercises/lexicon';
import type { ArticleReads } from '../store/article-store';

/** ja and ko learners get English definitions, as the dictionary gives them. */
export function exerciseLanguageOf(language: LanguageCode): ExerciseLanguage {
  return language === 'zh' || language === 'es' ? language : 'en';
}

/** The practice set of an article, or null when there is no such article. */
export async function exercisesAnswer(
  reader: Pick<ArticleReads, 'byId'>,
  lexicon: ExerciseLexicon,
  id: string,
  language: LanguageCode,
): Promise<ExerciseSet | null> {
  const article = await reader.byId(id);
  if (!article) return null;
  const glosses = exerciseLanguageOf(language);
  return { article_id: article.id, language: glosses, exercises: makeExercises(article, lexicon, glosses) };
}
