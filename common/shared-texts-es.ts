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
    words: {
      title: `Mis palabras | ${SITE_NAME}`,
      description: 'Las palabras en inglés que guardaste al leer, guardadas en este navegador.',
      keywords: 'palabras guardadas, vocabulario en inglés, lista de palabras',
    },
    review: {
      title: `Repaso | ${SITE_NAME}`,
      description: 'Repasa las palabras en inglés que guardaste, espaciadas para que se queden.',
      keywords: 'repaso de vocabulario, repetición espaciada, tarjetas',
    },
  },
  detailSuffix: 'Lectura con vocabulario y notas culturales',
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
