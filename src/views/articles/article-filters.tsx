import { Link } from 'wouter';
import { SOURCES } from '../../../common/catalog';
import { categoryLabel } from '../../../common/shared-texts';
import {
  addressWithout,
  ALL,
  CATEGORY_FILTER_OPTIONS,
  DIFFICULTY_FILTER_OPTIONS,
  SOURCE_FILTER_OPTIONS,
  type ArticleFilters as Filters,
} from '../../domain/filters';
import type { Texts } from '../../domain/texts';
import { ArticleListActorContext } from './article-list-context';

/**
 * The search box and the three selects: a GET form to the list's own address, which the server
 * answers (rendered results) before the app has started or without JavaScript. Once the app runs,
 * each change is one event to the list actor and the form is never sent. On a phone the selects
 * fold into a "Filters" disclosure; the active ones show as chips, links to the list without them.
 */
export function ArticleFilters({ filters, texts, action }: { filters: Filters; texts: Texts; action: string }) {
  const actor = ArticleListActorContext.useActorRef();
  const t = texts.list;
  const chips = [
    { field: 'category', label: filters.category === ALL ? null : categoryLabel(filters.category, texts.shared.categories) },
    { field: 'source', label: filters.source === ALL ? null : SOURCES[filters.source].name },
    { field: 'difficulty', label: filters.difficulty === ALL ? null : texts.shared.difficulties[filters.difficulty] },
  ] as const;
  return (
    <form className="filters" role="search" aria-label={t.filtersLabel} method="get" action={action} onSubmit={(e) => e.preventDefault()}>
      <div className="field field-search">
        <label htmlFor="article-search">{t.searchLabel}</label>
        <div className="search-row">
          <input
            id="article-search"
            name="q"
            type="search"
            value={filters.search}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => actor.send({ type: 'SEARCH_CHANGED', search: event.target.value })}
          />
          <button type="submit" className="button button-primary">
            {t.searchSubmit}
          </button>
        </div>
      </div>
      {/* On a phone the fields below show while this is open (a CSS sibling rule: no script needed). */}
      <details className="filters-toggle">
        <summary>{t.filtersToggle}</summary>
      </details>
      <ul className="filter-chips">
        {chips.map(({ field, label }) =>
          label === null ? null : (
            <li key={field}>
              <Link href={addressWithout(action, filters, field)} className="filter-chip" aria-label={t.removeFilter(label)}>
                {label}
                <span aria-hidden="true">×</span>
              </Link>
            </li>
          ),
        )}
      </ul>
      <div className="filter-fields">
        <div className="field">
          <label htmlFor="filter-category">{t.categoryLabel}</label>
          <select
            id="filter-category"
            name="category"
            value={filters.category}
            onChange={(event) => actor.send({ type: 'CATEGORY_SELECTED', category: event.target.value })}
          >
            {CATEGORY_FILTER_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t.allCategories : categoryLabel(value, texts.shared.categories)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-source">{t.sourceLabel}</label>
          <select
            id="filter-source"
            name="source"
            value={filters.source}
            onChange={(event) => actor.send({ type: 'SOURCE_SELECTED', source: event.target.value })}
          >
            {SOURCE_FILTER_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t.allSources : SOURCES[value].name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-difficulty">{t.difficultyLabel}</label>
          <select
            id="filter-difficulty"
            name="difficulty"
            value={filters.difficulty}
            onChange={(event) => actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: event.target.value })}
          >
            {DIFFICULTY_FILTER_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t.allDifficulties : texts.shared.difficulties[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button filters-apply">
          {t.applyFilters}
        </button>
      </div>
    </form>
  );
}
