/**
 * Home's offer of the placement (/{lang}/level) to a learner with no statuses. Kept apart from
 * the page language's texts: it loads with its own small chunk once home has settled, not in the
 * first load (docs/learner-model.md).
 */
import type { TextLanguage } from '../../common/languages';

export const LEVEL_OFFER: Readonly<Record<TextLanguage, string>> = {
  en: 'New here? Find your level in two minutes, and every article shows how much of it you know.',
  zh: '第一次来？花两分钟测测你的水平，每篇文章都会显示你认识多少词。',
  es: '¿Eres nuevo? Descubre tu nivel en dos minutos y cada artículo te dirá cuánto conoces de él.',
};
