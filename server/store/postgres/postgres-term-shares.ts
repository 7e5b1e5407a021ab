/**
 * The planner's estimate of a search's share of the articles, term by term (decision 32): PostgreSQL rates
 * `a @@ (x && y)` as the product of its terms' shares, so each term (a word, a prefix, a filter tag) is
 * asked once with EXPLAIN and kept, and a query of known terms costs no round trip. Kept for
 * TERM_SHARE_TTL_MS (the statistics move with ANALYZE, not with each write), TERM_SHARES at most.
 */

const TERM_SHARE_TTL_MS = 10 * 60 * 1000;
const TERM_SHARES = 20_000;

/** The planner's row estimate for `a.search @@ (expr)` with `$1` = param. */
export type EstimateRows = (expr: string, param: string) => Promise<number>;

export class TermShares {
  private readonly kept = new Map<string, { readonly share: number; readonly at: number }>();

  constructor(private readonly estimateRows: EstimateRows) {}

  async share(exprs: readonly string[], termParams: readonly string[], tags: readonly string[], articleCount: number): Promise<number> {
    const articles = Math.max(1, articleCount);
    const terms = [
      ...exprs.map((expr, i) => ({
        key: `${expr.replace(/\$\d+/g, '$1')}\u0000${termParams[i]}`,
        expr: expr.replace(/\$\d+/g, '$1'),
        param: termParams[i]!,
      })),
      ...tags.map((tag) => ({ key: `tag\u0000${tag}`, expr: '$1::tsquery', param: tag })),
    ];
    const now = Date.now();
    const shares = await Promise.all(
      terms.map(async ({ key, expr, param }) => {
        const kept = this.kept.get(key);
        if (kept && now - kept.at < TERM_SHARE_TTL_MS) return kept.share;
        const share = Math.min(1, (await this.estimateRows(expr, param)) / articles);
        this.kept.delete(key);
        this.kept.set(key, { share, at: now });
        if (this.kept.size > TERM_SHARES) this.kept.delete(this.kept.keys().next().value!);
        return share;
      }),
    );
    return shares.reduce((product, share) => product * share, 1);
  }
}
