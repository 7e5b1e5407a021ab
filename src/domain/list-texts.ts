/** What the list page says (part of Texts in texts.ts, kept apart for size). */

export interface ListTexts {
  readonly title: string;
  readonly subtitle: string;
  readonly filtersLabel: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly categoryLabel: string;
  readonly sourceLabel: string;
  readonly difficultyLabel: string;
  /** The accessible name of an active filter's chip, a link to the list without it. */
  readonly removeFilter: (name: string) => string;
  readonly allCategories: string;
  readonly allSources: string;
  readonly allDifficulties: string;
  readonly loading: string;
  readonly loadErrorFallback: string;
  readonly reload: string;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  /** Cards shown and the total the server counted for the active search and filters. */
  /** `capped`: the total is a lower bound, shown with a plus. */
  readonly resultCount: (shown: number, total: number, capped?: boolean) => string;
  /** While the server looks through every article; the cards below are the loaded ones that match. */
  readonly searching: string;
  readonly loadMore: string;
  readonly loadingMore: string;
  readonly moreError: string;
  readonly retry: string;
  readonly endOfList: string;
}
