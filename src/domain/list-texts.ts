/** The list page's texts per text language (part of Texts in texts.ts, kept apart for size). */
import type { TextLanguage } from '../../common/languages';
import { formatResultTotal } from './number-format';

export interface ListTexts {
  readonly title: string;
  readonly subtitle: string;
  readonly filtersLabel: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly categoryLabel: string;
  readonly sourceLabel: string;
  readonly difficultyLabel: string;
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

export const LIST_TEXTS = {
  en: {
    title: 'All Articles',
    subtitle: 'Search and filter articles by category, source and difficulty.',
    filtersLabel: 'Filter articles',
    searchLabel: 'Search',
    searchPlaceholder: 'Search titles and summaries',
    categoryLabel: 'Category',
    sourceLabel: 'Source',
    difficultyLabel: 'Difficulty',
    allCategories: 'All categories',
    allSources: 'All sources',
    allDifficulties: 'All levels',
    loading: 'Loading articles…',
    loadErrorFallback: 'Unable to load articles, please try again later.',
    reload: 'Reload',
    emptyTitle: 'No matching articles found',
    emptyHint: 'Try adjusting your filters or search terms',
    resultCount: (shown, total, capped = false) => `Showing ${shown} of ${formatResultTotal(total, 'en-US', capped)} articles`,
    searching: 'Searching all articles…',
    loadMore: 'Load more',
    loadingMore: 'Loading more articles…',
    moreError: 'Could not load more articles.',
    retry: 'Try again',
    endOfList: 'You have reached the end of the list.',
  },
  zh: {
    title: '全部文章',
    subtitle: '按类别、来源和难度搜索和筛选文章。',
    filtersLabel: '筛选文章',
    searchLabel: '搜索',
    searchPlaceholder: '搜索标题和摘要',
    categoryLabel: '类别',
    sourceLabel: '来源',
    difficultyLabel: '难度',
    allCategories: '全部类别',
    allSources: '全部来源',
    allDifficulties: '全部难度',
    loading: '正在加载文章…',
    loadErrorFallback: '无法加载文章，请稍后再试。',
    reload: '重新加载',
    emptyTitle: '没有找到匹配的文章',
    emptyHint: '请尝试调整筛选条件或搜索词',
    resultCount: (shown, total, capped = false) => `显示 ${shown} / ${formatResultTotal(total, 'zh-CN', capped)} 篇文章`,
    searching: '正在搜索全部文章…',
    loadMore: '加载更多',
    loadingMore: '正在加载更多文章…',
    moreError: '无法加载更多文章。',
    retry: '重试',
    endOfList: '已经到底了，没有更多文章。',
  },
  es: {
    title: 'Todos los artículos',
    subtitle: 'Busca y filtra artículos por categoría, fuente y dificultad.',
    filtersLabel: 'Filtrar artículos',
    searchLabel: 'Buscar',
    searchPlaceholder: 'Buscar en títulos y resúmenes',
    categoryLabel: 'Categoría',
    sourceLabel: 'Fuente',
    difficultyLabel: 'Dificultad',
    allCategories: 'Todas las categorías',
    allSources: 'Todas las fuentes',
    allDifficulties: 'Todos los niveles',
    loading: 'Cargando artículos…',
    loadErrorFallback: 'No se pudieron cargar los artículos, inténtalo de nuevo más tarde.',
    reload: 'Recargar',
    emptyTitle: 'No se encontraron artículos',
    emptyHint: 'Prueba a ajustar los filtros o los términos de búsqueda',
    resultCount: (shown, total, capped = false) => `Mostrando ${shown} de ${formatResultTotal(total, 'es-ES', capped)} artículos`,
    searching: 'Buscando en todos los artículos…',
    loadMore: 'Cargar más',
    loadingMore: 'Cargando más artículos…',
    moreError: 'No se pudieron cargar más artículos.',
    retry: 'Intentar de nuevo',
    endOfList: 'Has llegado al final de la lista.',
  },
} satisfies Record<TextLanguage, ListTexts>;
