/**
 * The names of categories and difficulty levels, per text language: one table each, used by the
 * web app (cards, filters, page heads) and by the server (/api/categories, rendered articles).
 */
import type { CategoryId, DifficultyLevel } from './catalog';
import type { TextLanguage } from './languages';

/** Category names; the server names the categories with it in /api/categories and in rendered articles. */
export const CATEGORY_LABELS: Readonly<Record<TextLanguage, Readonly<Record<CategoryId, string>>>> = {
  en: {
    technology: 'Technology',
    politics: 'Politics',
    business: 'Business',
    health: 'Health',
    sports: 'Sports',
    immigration: 'Immigration',
    education: 'Education',
  },
  zh: {
    technology: '科技',
    politics: '政治',
    business: '商业',
    health: '健康',
    sports: '体育',
    immigration: '移民',
    education: '教育',
  },
  es: {
    technology: 'Tecnología',
    politics: 'Política',
    business: 'Negocios',
    health: 'Salud',
    sports: 'Deportes',
    immigration: 'Inmigración',
    education: 'Educación',
  },
};

/** Display name of a category tag; values outside the seven known tags are shown raw. */
export function categoryLabel(category: string, language: TextLanguage): string {
  const labels = CATEGORY_LABELS[language] ?? CATEGORY_LABELS.en;
  return Object.hasOwn(labels, category) ? labels[category as CategoryId] : category;
}

export const DIFFICULTY_LABELS: Readonly<Record<TextLanguage, Readonly<Record<DifficultyLevel, string>>>> = {
  en: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
  zh: { beginner: '初级', intermediate: '中级', advanced: '高级' },
  es: { beginner: 'Principiante', intermediate: 'Intermedio', advanced: 'Avanzado' },
};

export function difficultyLabel(level: DifficultyLevel, language: TextLanguage): string {
  return (DIFFICULTY_LABELS[language] ?? DIFFICULTY_LABELS.en)[level];
}
