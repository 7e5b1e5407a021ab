import { Link } from 'wouter';
import { SOURCES } from '../../../common/catalog';
import { categoryLabel } from '../../../common/shared-texts';
import {
  ALL,
  CATEGORY_FILTER_OPTIONS,
  DIFFICULTY_FILTER_OPTIONS,
  queryWithFilters,
  SOURCE_FILTER_OPTIONS,
  type ArticleFilters as Filters,
} from '../../domain/filters';
import type { Texts } from '../../domain/texts';
import type { ArticleListEvent } from '../../machines/article-list-types';
import { ArticleListActorContext } from './article-list-context';

type SelectField = 'category' | 'source' | 'difficulty';

/** Each select: its options, its label and "all" texts, and the event a choice sends. */
const SELECTS = [
  ['category', CATEGORY_FILTER_OPTIONS, 'CATEGORY_SELECTED'],
  ['source', SOURCE_FILTER_OPTIONS, 'SOURCE_SELECTED'],
  ['difficulty', DIFFICULTY_FILTER_OPTIONS, 'DIFFICULTY_SELECTED'],
] as const;

/**
 * The search box and the three selects: a GET form to the list's own address, which the server
 * answers (rendered results) before the app has started or without JavaScript: its Search button
 * sends the term and the selects together. Once the app runs,
 * each change is one event to the list actor and the form is never sent. On a phone the selects
 * fold into a "Filters" disclosure; the active ones show as chips, links to the list without them.
 */
export function ArticleFilters({ filters, texts, action }: { filters: Filters; texts: Texts; action: string }) {
  const actor = ArticleListActorContext.useActorRef();
  const t = texts.list;
  const all = { category: t.allCategories, source: t.allSources, difficulty: t.allDifficulties };
  const labels = { category: t.categoryLabel, source: t.sourceLabel, difficulty: t.difficultyLabel };
  const name = (field: SelectField, value: string): string =>
    value === ALL
      ? all[field]
      : field === 'category'
        ? categoryLabel(value, texts.shared.categories)
        : field === 'source'
          ? SOURCES[value as keyof typeof SOURCES].name
          : texts.shared.difficulties[value as keyof typeof texts.shared.difficulties];
  return (
    <form className="filters" role="search" aria-label={t.filtersLabel} method="get" action={action} onSubmit={(e) => e.preventDefault()}>
      <div className="field field-search">
        <label htmlFor="article-search">{t.searchLabel}</label>
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
          {t.searchLabel}
        </button>
      </div>
      {/* On a phone the fields below show while this is open (a CSS sibling rule: no script needed). */}
      <details className="filters-toggle">
        <summary>{t.filtersLabel}</summary>
      </details>
      <p className="filter-chips">
        {SELECTS.map(([field]) => {
          const chosen = name(field, filters[field]);
          return filters[field] === ALL ? null : (
            <Link
              key={field}
              href={action + queryWithFilters('', { ...filters, [field]: ALL })}
              className="filter-chip"
              aria-label={t.removeFilter(chosen)}
            >
              {chosen}
              <span aria-hidden="true">×</span>
            </Link>
          );
        })}
      </p>
      <div className="filter-fields">
        {SELECTS.map(([field, options, type]) => (
          <div className="field" key={field}>
            <label htmlFor={`filter-${field}`}>{labels[field]}</label>
            <select
              id={`filter-${field}`}
              name={field}
              value={filters[field]}
              onChange={(event) => actor.send({ type, [field]: event.target.value } as ArticleListEvent)}
            >
              {options.map((value) => (
                <option key={value} value={value}>
                  {name(field, value)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </form>
  );
}
