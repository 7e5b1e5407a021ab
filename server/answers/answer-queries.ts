/** The queries the answers are built for, as the API's routes validate them (routes/schemas.ts) and pages ask them. */
import type { CategoryId, DifficultyLevel, SourceId } from '../../common/catalog';
import type { LanguageCode } from '../../common/languages';

export interface LanguageQuery {
  readonly language: LanguageCode;
}
export interface LatestQuery extends LanguageQuery {
  readonly limit: number;
  readonly offset: number;
  /** Latest only: the next_cursor of an earlier answer (list-cursor.ts). */
  readonly cursor?: string;
  readonly category?: CategoryId;
  readonly source?: SourceId;
  readonly difficulty?: DifficultyLevel;
}
export interface SearchQuery extends LatestQuery {
  readonly q: string;
}
