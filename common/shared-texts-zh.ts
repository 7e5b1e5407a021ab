/** The texts in Chinese that the server uses too: page heads, category and difficulty names (see shared-texts.ts). */
import { SITE_NAME } from './site-name';
import type { SharedTexts } from './shared-texts';

export const SHARED_TEXTS_ZH = {
  pages: {
    home: {
      title: `${SITE_NAME}：通过新闻学英语`,
      description: '阅读最新英文新闻，配有重点词汇、讲解和文化背景，用你的母语学习英语。',
      keywords: '学英语, 英语新闻, 英语阅读, 英语词汇, 英语学习',
    },
    list: {
      title: `全部文章 | ${SITE_NAME}`,
      description: '按类别、来源和难度浏览、搜索和筛选英文新闻文章。',
      keywords: '英语文章, 英语新闻, 初级英语, 中级英语, 高级英语',
    },
  },
  detailSuffix: '配有词汇与文化背景的英文阅读',
  notFoundTitle: '页面不存在',
  categories: {
    technology: '科技',
    politics: '政治',
    business: '商业',
    health: '健康',
    sports: '体育',
    immigration: '移民',
    education: '教育',
  },
  difficulties: { beginner: '初级', intermediate: '中级', advanced: '高级' },
} satisfies SharedTexts;
