import { SOURCES } from '../../../common/catalog';
import { categoryLabel } from '../../../common/shared-texts';
import {
  CATEGORY_FILTER_OPTIONS,
  DIFFICULTY_FILTER_OPTIONS,
  SOURCE_FILTER_OPTIONS,
  type ArticleFilters as Filters,
} from '../../domain/filters';
import type { Texts } from '../../domain/texts';
import { ArticleListActorContext } from './article-list-context';

/** The search box and the three selects; each change is one event to the list actor. */
export function ArticleFilters({ filters, texts }: { filters: Filters; texts: Texts }) {
  const actor = ArticleListActorContext.useActorRef();
  return (
    <form className="filters" role="search" aria-label={texts.list.filtersLabel} onSubmit={(e) => e.preventDefault()}>
      <div className="field field-search">
        <label htmlFor="article-search">{texts.list.searchLabel}</label>
        <input
          id="article-search"
          type="search"
          value={filters.search}
          placeholder={texts.list.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => actor.send({ type: 'SEARCH_CHANGED', search: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="filter-category">{texts.list.categoryLabel}</label>
        <select
          id="filter-category"
          value={filters.category}
          onChange={(event) => actor.send({ type: 'CATEGORY_SELECTED', category: event.target.value })}
        >
          {CATEGORY_FILTER_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? texts.list.allCategories : categoryLabel(value, texts.shared.categories)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-source">{texts.list.sourceLabel}</label>
        <select
          id="filter-source"
          value={filters.source}
          onChange={(event) => actor.send({ type: 'SOURCE_SELECTED', source: event.target.value })}
        >
          {SOURCE_FILTER_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? texts.list.allSources : SOURCES[value].name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-difficulty">{texts.list.difficultyLabel}</label>
        <select
          id="filter-difficulty"
          value={filters.difficulty}
          onChange={(event) => actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: event.target.value })}
        >
          {DIFFICULTY_FILTER_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? texts.list.allDifficulties : texts.shared.difficulties[value]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
