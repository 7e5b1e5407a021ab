/**
 * Every text the pages show in Chinese: a chunk of its own, loaded before the first render of a
 * page in this language and before a switch to it (see texts.ts), so a visitor downloads one language.
 */
import { SITE_NAME } from '../../../common/site-name';
import { SHARED_TEXTS_ZH } from '../../../common/shared-texts-zh';
import { formatCount, formatResultTotal } from '../number-format';
import type { Texts } from '../texts';

export const texts = {
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
      '词典：ECDICT（MIT）；Multilingual Central Repository 3.0 西班牙语 WordNet（CC BY 3.0）；Chinese Open Wordnet（Bond、Wang）；Princeton WordNet。',
    ],
  },
  card: {
    words: (count) => `${formatCount(count, 'zh-CN')} 词`,
    minutes: (count) => `${count} 分钟阅读`,
    categoriesLabel: '类别',
    publishedOn: '发布于',
  },
  list: {
    title: '全部文章',
    subtitle: '按类别、来源和难度搜索和筛选文章。',
    filtersLabel: '筛选文章',
    searchLabel: '搜索',
    searchPlaceholder: '搜索标题和摘要',
    categoryLabel: '类别',
    sourceLabel: '来源',
    difficultyLabel: '难度',
    removeFilter: (name) => `移除筛选：${name}`,
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
    title: SHARED_TEXTS_ZH.notFoundTitle,
    body: '此地址没有对应的页面。',
    home: '返回首页',
  },

  footer: {
    footerLabel: '网站页脚',
    tagline: '通过阅读新闻学习英语。',
    cookieSettings: 'Cookie 设置',
    copyright: (year) => `© ${year} ${SITE_NAME}`,
  },
  shared: SHARED_TEXTS_ZH,
} satisfies Texts;
