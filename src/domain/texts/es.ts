/**
 * Every text the pages show in Spanish: a chunk of its own, loaded before the first render of a
 * page in this language and before a switch to it (see texts.ts), so a visitor downloads one language.
 */
import { SITE_NAME } from '../../../common/site-name';
import { SHARED_TEXTS_ES } from '../../../common/shared-texts-es';
import { formatCount, formatResultTotal } from '../number-format';
import type { Texts } from '../texts';

export const texts = {
  skipToContent: 'Saltar al contenido',
  siteName: SITE_NAME,
  nav: {
    label: 'Navegación principal',
    home: 'Inicio',
    articles: 'Artículos',
    about: 'Acerca de',
    logoLabel: 'NewsReader English, página de inicio',
    myWords: 'Mis palabras',
    dueCount: (count) => `(${count} para repasar)`,
  },
  languageSelector: { toggleLabel: 'Cambiar idioma', listLabel: 'Idiomas' },
  loading: 'Cargando…',
  home: {
    heroTitle: 'Aprende inglés con las noticias',
    heroSubtitle: 'Artículos breves y actuales en inglés sencillo, con el vocabulario y el contexto que necesitas para seguirlos.',
    latestTitle: 'Últimos artículos',
    viewAll: 'Ver todos los artículos',
    loading: 'Cargando artículos…',
    loadError: 'No se pudieron cargar los artículos. Inténtalo de nuevo más tarde.',
    noArticles: 'Todavía no hay artículos. Vuelve pronto.',
    aboutTitle: 'Acerca de nosotros',
    aboutParagraphs: [
      'NewsReader English ayuda a quienes aprenden inglés, sobre todo hablantes de chino y español, a mejorar leyendo artículos de estilo periodístico. Cada artículo indica su fuente, fecha, extensión, tiempo estimado de lectura y dificultad, para que elijas lo que se ajusta a tu nivel.',
      'Los artículos de este sitio son textos de muestra originales escritos para este proyecto. No se han copiado de ningún medio; los nombres de las fuentes solo indican el estilo periodístico que imita cada texto.',
      'Diccionario: ECDICT (MIT); wordnet español del Multilingual Central Repository 3.0 (CC BY 3.0); Chinese Open Wordnet (Bond y Wang); Princeton WordNet.',
    ],
  },
  card: {
    words: (count) => `${formatCount(count, 'es-ES')} palabras`,
    minutes: (count) => `${count} min de lectura`,
    categoriesLabel: 'Categorías',
    publishedOn: 'Publicado',
  },
  list: {
    title: 'Todos los artículos',
    subtitle: 'Busca y filtra artículos por categoría, fuente y dificultad.',
    filtersLabel: 'Filtrar artículos',
    searchLabel: 'Buscar',
    searchPlaceholder: 'Buscar en títulos y resúmenes',
    categoryLabel: 'Categoría',
    sourceLabel: 'Fuente',
    difficultyLabel: 'Dificultad',
    removeFilter: (name) => `Quitar filtro: ${name}`,
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
  detail: {
    back: 'Volver a los artículos',
    loading: 'Cargando artículo…',
    loadError: 'No se pudo cargar el artículo',
    tryAgain: 'Intentar de nuevo',
    bodyUnavailable: 'El contenido del artículo no está disponible temporalmente',
    readingTime: (minutes) => `${minutes} min de lectura`,
    difficultyLabel: 'Dificultad',
  },
  notFound: {
    title: SHARED_TEXTS_ES.notFoundTitle,
    body: 'No hay ninguna página en esta dirección.',
    home: 'Ir a la página de inicio',
  },

  footer: {
    footerLabel: 'Pie de página',
    tagline: 'Aprende inglés leyendo las noticias.',
    cookieSettings: 'Configuración de cookies',
    copyright: (year) => `© ${year} ${SITE_NAME}`,
  },
  shared: SHARED_TEXTS_ES,
} satisfies Texts;
