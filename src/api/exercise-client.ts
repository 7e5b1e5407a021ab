/**
 * An article's practice set (GET /api/articles/{id}/exercises), decoded with the shared contract
 * (common/exercise-contract.ts). Its own module: only the practice page carries it.
 */
import { ExerciseSetCodec, type ExerciseSet } from '../../common/exercise-contract';
import type { LanguageCode } from '../../common/languages';
import { defaultRequestOptions, requestJson, type RequestOptions } from './http';

export interface ExerciseApi {
  exercises(articleId: string, language: LanguageCode, signal?: AbortSignal): Promise<ExerciseSet>;
}

export function createExerciseClient(options: Partial<RequestOptions> = {}): ExerciseApi {
  const base: RequestOptions = { ...defaultRequestOptions(), ...options };
  return {
    exercises(articleId, language, signal) {
      return requestJson(
        `/articles/${encodeURIComponent(articleId)}/exercises`,
        { language },
        ExerciseSetCodec,
        signal === undefined ? base : { ...base, signal },
      );
    },
  };
}
