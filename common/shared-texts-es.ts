/** The texts in Spanish that the server uses too: page heads, category and difficulty names (see shared-texts.ts). */
import { SITE_NAME } from './site-name';
import type { SharedTexts } from './shared-texts';

export const SHARED_TEXTS_ES = {
  pages: {
    home: {
      title: `${SITE_NAME}: aprende inglés con las noticias`,
      description: 'Lee noticias actuales en inglés con vocabulario clave, explicaciones y contexto cultural en tu idioma.',
      keywords: 'aprender inglés, noticias en inglés, lectura en inglés, vocabulario, inglés como segunda lengua',
    },
    list: {
      title: `Todos los artículos | ${SITE_NAME}`,
      description: 'Explora, busca y filtra noticias en inglés por categoría, fuente y dificultad.',
      keywords: 'artículos en inglés, noticias para estudiantes, inglés básico, inglés intermedio, inglés avanzado',
    },
  },
  detailSuffix: 'Lectura con vocabulario y notas culturales',
  notFoundTitle: 'Página no encontrada',
  categories: {
    technology: 'Tecnología',
    politics: 'Política',
    business: 'Negocios',
    health: 'Salud',
    sports: 'Deportes',
    immigration: 'Inmigración',
    education: 'Educación',
  },
  difficulties: { beginner: 'Principiante', intermediate: 'Intermedio', advanced: 'Avanzado' },
} satisfies SharedTexts;
