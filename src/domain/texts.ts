/**
 * Every text the pages show, per text language. `satisfies Record<TextLanguage, Texts>` makes a
 * missing key in any language a type error. Category and difficulty names live in common/labels.ts.
 */
import type { TextLanguage } from '../../common/languages';
import { SITE_NAME } from '../../common/page-meta';
import { LIST_TEXTS, type ListTexts } from './list-texts';
import { formatCount } from './number-format';

export interface Texts {
  readonly skipToContent: string;
  readonly siteName: string;
  readonly nav: {
    readonly label: string;
    readonly home: string;
    readonly articles: string;
    readonly about: string;
    readonly logoLabel: string;
    readonly myWords: string;
    /** The badge beside My words: how many saved words are due for review. */
    readonly dueCount: (count: number) => string;
  };
  readonly languageSelector: {
    /** Accessible name of the toggle button; the current language's name follows it. */
    readonly toggleLabel: string;
    readonly listLabel: string;
  };
  readonly loading: string;
  readonly home: {
    readonly heroTitle: string;
    readonly heroSubtitle: string;
    readonly latestTitle: string;
    readonly viewAll: string;
    readonly loading: string;
    readonly loadError: string;
    readonly noArticles: string;
    readonly aboutTitle: string;
    readonly aboutParagraphs: readonly string[];
  };
  readonly card: {
    readonly words: (count: number) => string;
    readonly minutes: (count: number) => string;
    readonly categoriesLabel: string;
    readonly publishedOn: string;
  };
  readonly list: ListTexts;
  readonly detail: {
    readonly back: string;
    readonly loading: string;
    readonly loadError: string;
    readonly tryAgain: string;
    readonly bodyUnavailable: string;
    readonly readingTime: (minutes: number) => string;
    readonly difficultyLabel: string;
  };
  readonly notFound: {
    readonly title: string;
    readonly body: string;
    readonly home: string;
  };
}

export const TEXTS = {
  en: {
    skipToContent: 'Skip to content',
    siteName: SITE_NAME,
    nav: {
      label: 'Main navigation',
      home: 'Home',
      articles: 'Articles',
      about: 'About',
      logoLabel: 'NewsReader English, home page',
      myWords: 'My words',
      dueCount: (count) => `(${count} due)`,
    },
    languageSelector: { toggleLabel: 'Change language', listLabel: 'Languages' },
    loading: 'Loading…',
    home: {
      heroTitle: 'Learn English with the news',
      heroSubtitle: 'Short, current articles in plain English, with the words and background you need to follow them.',
      latestTitle: 'Latest Articles',
      viewAll: 'View All Articles',
      loading: 'Loading articles…',
      loadError: 'Unable to load articles. Please try again later.',
      noArticles: 'There are no articles yet. Please come back soon.',
      aboutTitle: 'About us',
      aboutParagraphs: [
        'NewsReader English helps learners, especially Chinese and Spanish speakers, build their English by reading news-style articles. Each article shows its source, date, length, estimated reading time and difficulty, so you can choose what fits your level.',
        'The articles on this site are original sample texts written for this project. They are not copied from any news outlet; the source names only say which newsroom style a text imitates.',
        'Dictionary: ECDICT (MIT); Spanish wordnet of the Multilingual Central Repository 3.0 (CC BY 3.0); Princeton WordNet.',
      ],
    },
    card: {
      words: (count) => `${formatCount(count, 'en-US')} words`,
      minutes: (count) => `${count} min read`,
      categoriesLabel: 'Categories',
      publishedOn: 'Published',
    },
    list: LIST_TEXTS.en,
    detail: {
      back: 'Back to articles',
      loading: 'Loading article…',
      loadError: 'Unable to load article',
      tryAgain: 'Try Again',
      bodyUnavailable: 'Article content temporarily unavailable',
      readingTime: (minutes) => `${minutes} min read`,
      difficultyLabel: 'Difficulty',
    },
    notFound: {
      title: 'Page not found',
      body: 'There is no page at this address.',
      home: 'Go to the home page',
    },
  },
  zh: {
    skipToContent: '跳到主要内容',
    siteName: SITE_NAME,
    nav: {
      label: '主导航',
      home: '首页',
      articles: '文章列表',
      about: '关于我们',
      logoLabel: 'NewsReader English，首页',
      myWords: '我的生词',
      dueCount: (count) => `（${count} 个待复习）`,
    },
    languageSelector: { toggleLabel: '切换语言', listLabel: '语言' },
    loading: '加载中…',
    home: {
      heroTitle: '通过新闻学英语',
      heroSubtitle: '简短、及时的英文文章，配有理解所需的词汇和背景知识。',
      latestTitle: '最新文章',
      viewAll: '查看全部文章',
      loading: '正在加载文章…',
      loadError: '无法加载文章，请稍后再试。',
      noArticles: '暂时还没有文章，请稍后再来。',
      aboutTitle: '关于我们',
      aboutParagraphs: [
        'NewsReader English 帮助英语学习者（尤其是讲中文和西班牙语的学习者）通过阅读新闻风格的文章提高英语水平。每篇文章都标明来源、日期、字数、预计阅读时间和难度，方便你选择适合自己水平的内容。',
        '本站文章均为专为本项目撰写的原创示例文本，并非转载自任何新闻机构；来源名称仅表示文章模仿的新闻写作风格。',
        '词典：ECDICT（MIT）；Multilingual Central Repository 3.0 西班牙语 WordNet（CC BY 3.0）；Princeton WordNet。',
      ],
    },
    card: {
      words: (count) => `${formatCount(count, 'zh-CN')} 词`,
      minutes: (count) => `${count} 分钟阅读`,
      categoriesLabel: '类别',
      publishedOn: '发布于',
    },
    list: LIST_TEXTS.zh,
    detail: {
      back: '返回文章列表',
      loading: '正在加载文章…',
      loadError: '无法加载文章',
      tryAgain: '重试',
      bodyUnavailable: '文章内容暂时无法显示',
      readingTime: (minutes) => `${minutes} 分钟阅读`,
      difficultyLabel: '难度',
    },
    notFound: {
      title: '页面不存在',
      body: '此地址没有对应的页面。',
      home: '返回首页',
    },
  },
  es: {
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
        'Diccionario: ECDICT (MIT); wordnet español del Multilingual Central Repository 3.0 (CC BY 3.0); Princeton WordNet.',
      ],
    },
    card: {
      words: (count) => `${formatCount(count, 'es-ES')} palabras`,
      minutes: (count) => `${count} min de lectura`,
      categoriesLabel: 'Categorías',
      publishedOn: 'Publicado',
    },
    list: LIST_TEXTS.es,
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
      title: 'Página no encontrada',
      body: 'No hay ninguna página en esta dirección.',
      home: 'Ir a la página de inicio',
    },
  },
} satisfies Record<TextLanguage, Texts>;

export function textsFor(language: TextLanguage): Texts {
  return TEXTS[language];
}
