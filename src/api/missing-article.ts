/**
 * Whether the API said it has no such article: its 404 names the `id` as the parameter at fault. A 404
 * from anything else (an unknown /api path, a proxy in front of a misrouted API) is an ordinary failure.
 * A module of its own so that only the article page's chunk carries it.
 */
import { ApiError } from './errors';

export function isMissingArticleError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  return error.serverError?.code === 'not_found' && error.serverError.parameter === 'id';
}
