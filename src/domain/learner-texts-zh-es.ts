/** The learner screens' texts in Chinese and Spanish (learner-texts.ts holds the English and the shape). */
import { DATE_LOCALES, type TextLanguage } from '../../common/languages';
import type { LearnerTexts } from './learner-texts';
import { formatCount } from './number-format';

export function count(n: number, language: TextLanguage): string {
  return formatCount(n, DATE_LOCALES[language]);
}

export const zh: LearnerTexts = {
  bands: { comfortable: '轻松', withHelp: '需借助词典', hard: '较难' },
  forYou: '这篇文章适合你吗',
  coverage: (percent) => `认识 ${percent}%`,
  newWords: (n) => `${count(n, 'zh')} 个生词`,
  coverageLabel: (percent, band, n) => `适合度：${band}，认识 ${percent}% 的词，${count(n, 'zh')} 个生词`,
  statuses: { new: '生词', learning: '学习中', known: '已认识', ignored: '已忽略' },
  statusLine: (status) => `你的标记：${status}`,
  markKnown: '认识',
  markIgnored: '忽略',
  markNew: '标为生词',
  marking: '标出生词',
  markingLegend: '生词加下划线，学习中的词加底色。',
  knowRest: '其余的词我都认识',
  knowRestHint: '本文中你没有标记的词都会记为“已认识”。',
  restMarked: (n) => `已将 ${count(n, 'zh')} 个词记为“已认识”。`,
  undo: '撤销',
  undone: '已撤销：这些词又是生词了。',
  fitOrder: '排序',
  newestFirst: '最新优先',
  bestFitFirst: '最适合我的优先',
  fitShown: '显示',
  allFits: '全部文章',
  noneFits: '本页没有符合该选项的文章。请换一个选项，或加载更多。',
  zoneTitle: '适合你学习的文章',
  zoneHint: '你认识至少 95% 词汇的新文章：借助一点帮助就能读懂，还能学到新词。',
  placementOffer: '花两分钟测一下词汇量，每篇文章都会显示你认识多少词。',
  off: {
    unavailable: '单词标记已关闭：此浏览器不允许网站保存数据（可能是无痕窗口）。',
    newerVersion: '单词标记已关闭：它们由更新版本的网站保存。请重新加载页面。',
    quotaFull: '单词标记已关闭：浏览器存储空间已满。',
    failed: '单词标记已关闭：无法在此浏览器中读取。',
  },
  level: {
    title: '测测你的水平',
    intro:
      '选择你通过的考试，或你认识多少个最常用的英语单词。这些词会在本浏览器中记为“已认识”，每篇文章都会显示你能读懂多少。你自己标记过的词不会被改动，随时可以回来重新选择。',
    legend: '你的水平',
    exams: '考试',
    bands: '最常用的词',
    band: (size) => `最常用的 ${size} 个词`,
    submit: '把这些词记为已认识',
    skip: '先跳过',
    working: '正在标记…',
    done: (n) => `已将 ${count(n, 'zh')} 个词记为已认识。现在每篇文章都会显示你认识多少。`,
    toArticles: '去看文章',
    again: '重新选择水平',
    network: '无法获取单词。请检查网络后重试。',
    tryAgain: '重试',
  },
  progress: {
    title: '我的进度',
    intro: '这里的一切都来自本浏览器：你标记和保存的词，以及你读完的文章。',
    loading: '正在读取你的进度…',
    known: '已认识的词',
    estimated: '估计词汇量',
    finished: '读完的文章',
    streak: '连续天数',
    days: (n) => `${count(n, 'zh')} 天`,
    today: '今天',
    chartTitle: '最近 30 天每天标记的词',
    chartSummary: (total, today) => `30 天内标记了 ${count(total, 'zh')} 个词，今天 ${count(today, 'zh')} 个。`,
    tableLabel: '同样的数据（表格）',
    dayColumn: '日期',
    wordsColumn: '标记的词',
    articlesColumn: '读完的文章',
    goal: '每日目标',
    goals: (kind, n) => (kind === 'articles' ? `每天读完 ${n} 篇文章` : `每天标记 ${n} 个词`),
    goalMet: '今天的目标已完成。',
    goalOpen: '今天的目标还没完成。',
    tryAgain: '重试',
  },
  backup: {
    title: '备份',
    intro: '一个文件，包含本浏览器为你保存的一切：单词标记、保存的词及其复习记录、读完的文章和你的目标。',
    download: '下载备份',
    restore: '从备份恢复',
    restoring: '正在恢复…',
    restored: '备份已恢复。',
    refused: '没有恢复任何内容：',
    problem: (p) => {
      const lists = { statuses: '单词标记', words: '保存的词', finished: '读完的文章' } as const;
      switch (p.kind) {
        case 'notJson':
          return '这个文件不是本网站的备份，或者文件不完整。';
        case 'notOurs':
          return '这个文件不是本网站的备份。';
        case 'newerVersion':
          return '这个备份由更新版本的网站生成。';
        case 'unknownField':
          return `文件中有本网站不认识的部分（“${p.field}”）。`;
        case 'notList':
          return `${lists[p.list]}不是列表。`;
        case 'badRow':
          return `${lists[p.list]}，第 ${p.row} 行：${p.fields.length > 0 ? `${p.fields.join('、')} 缺失或有误` : '不是本网站写出的格式'}。`;
        case 'badGoal':
          return '无法读取每日目标。';
      }
    },
  },
};

export const es: LearnerTexts = {
  bands: { comfortable: 'Cómoda', withHelp: 'Con ayuda', hard: 'Difícil' },
  forYou: 'Cómo te va este artículo',
  coverage: (percent) => `${percent}% conocidas`,
  newWords: (n) => (n === 1 ? '1 palabra nueva' : `${count(n, 'es')} palabras nuevas`),
  coverageLabel: (percent, band, n) =>
    `Para ti: ${band}, conoces el ${percent}% de las palabras, ${n === 1 ? '1 palabra nueva' : `${count(n, 'es')} palabras nuevas`}`,
  statuses: { new: 'Nueva', learning: 'Aprendiendo', known: 'Conocida', ignored: 'Ignorada' },
  statusLine: (status) => `Tu estado: ${status}`,
  markKnown: 'La conozco',
  markIgnored: 'Ignorar',
  markNew: 'Marcar como nueva',
  marking: 'Marcar palabras nuevas',
  markingLegend: 'Las palabras nuevas van subrayadas; las que estás aprendiendo, resaltadas.',
  knowRest: 'Conozco el resto',
  knowRestHint: 'Todas las palabras de este artículo que no hayas marcado pasan a conocidas.',
  restMarked: (n) => (n === 1 ? '1 palabra marcada como conocida.' : `${count(n, 'es')} palabras marcadas como conocidas.`),
  undo: 'Deshacer',
  undone: 'Deshecho: esas palabras vuelven a ser nuevas.',
  fitOrder: 'Orden',
  newestFirst: 'Más recientes primero',
  bestFitFirst: 'Las que mejor me van primero',
  fitShown: 'Mostrar',
  allFits: 'Todos los artículos',
  noneFits: 'Ningún artículo de esta página encaja con esa opción. Elige otra o carga más.',
  zoneTitle: 'En tu zona de aprendizaje',
  zoneHint: 'Artículos nuevos en los que conoces al menos el 95% de las palabras: se leen con un poco de ayuda, y se aprende.',
  placementOffer: 'Descubre tu nivel en dos minutos y cada artículo te dirá cuánto conoces de él.',
  off: {
    unavailable: 'Los estados de las palabras están desactivados: este navegador no deja guardar datos (¿ventana privada?).',
    newerVersion: 'Los estados de las palabras están desactivados: los guardó una versión más nueva del sitio. Recarga la página.',
    quotaFull: 'Los estados de las palabras están desactivados: el almacenamiento del navegador está lleno.',
    failed: 'Los estados de las palabras están desactivados: no se pudieron leer en este navegador.',
  },
  level: {
    title: 'Tu nivel',
    intro:
      'Elige el examen que aprobaste, o cuántas de las palabras más frecuentes del inglés conoces. Esas palabras se marcan como conocidas en este navegador y cada artículo te dirá cuánto puedes leer. Las palabras que marcaste tú nunca cambian, y puedes volver a elegir cuando quieras.',
    legend: 'Tu nivel',
    exams: 'Exámenes',
    bands: 'Las palabras más frecuentes',
    band: (size) => `Las ${size} palabras más frecuentes`,
    submit: 'Marcar estas palabras como conocidas',
    skip: 'Saltar por ahora',
    working: 'Marcando las palabras…',
    done: (n) => `${count(n, 'es')} palabras marcadas como conocidas. Los artículos ya te dicen cuánto conoces de ellos.`,
    toArticles: 'Ir a los artículos',
    again: 'Elegir otro nivel',
    network: 'No se pudieron obtener las palabras. Comprueba la conexión y vuelve a intentarlo.',
    tryAgain: 'Reintentar',
  },
  progress: {
    title: 'Mi progreso',
    intro: 'Todo lo que ves aquí viene de este navegador: las palabras que marcaste y guardaste y los artículos que terminaste.',
    loading: 'Leyendo tu progreso…',
    known: 'Palabras conocidas',
    estimated: 'Vocabulario estimado',
    finished: 'Artículos terminados',
    streak: 'Días seguidos',
    days: (n) => (n === 1 ? '1 día' : `${count(n, 'es')} días`),
    today: 'Hoy',
    chartTitle: 'Palabras marcadas por día, últimos 30 días',
    chartSummary: (total, today) => `${count(total, 'es')} palabras marcadas en 30 días, ${count(today, 'es')} hoy.`,
    tableLabel: 'Los mismos datos en una tabla',
    dayColumn: 'Día',
    wordsColumn: 'Palabras marcadas',
    articlesColumn: 'Artículos terminados',
    goal: 'Meta diaria',
    goals: (kind, n) =>
      kind === 'articles' ? (n === 1 ? 'Terminar 1 artículo al día' : `Terminar ${n} artículos al día`) : `Marcar ${n} palabras al día`,
    goalMet: 'La meta de hoy está cumplida.',
    goalOpen: 'La meta de hoy sigue pendiente.',
    tryAgain: 'Reintentar',
  },
  backup: {
    title: 'Copia de seguridad',
    intro:
      'Un archivo con todo lo que este navegador guarda para ti: estados de las palabras, palabras guardadas y sus repasos, artículos terminados y tu meta.',
    download: 'Descargar una copia',
    restore: 'Restaurar desde una copia',
    restoring: 'Restaurando…',
    restored: 'La copia se ha restaurado.',
    refused: 'No se ha restaurado nada:',
    problem: (p) => {
      const lists = { statuses: 'estados de las palabras', words: 'palabras guardadas', finished: 'artículos terminados' } as const;
      switch (p.kind) {
        case 'notJson':
          return 'el archivo no es una copia de este sitio, o está incompleto.';
        case 'notOurs':
          return 'el archivo no es una copia de este sitio.';
        case 'newerVersion':
          return 'la copia la hizo una versión más nueva del sitio.';
        case 'unknownField':
          return `el archivo tiene una parte que este sitio no conoce («${p.field}»).`;
        case 'notList':
          return `los ${lists[p.list]} no son una lista.`;
        case 'badRow':
          return `${lists[p.list]}, fila ${p.row}: ${p.fields.length > 0 ? `falta o no es válido: ${p.fields.join(', ')}` : 'no tiene el formato de este sitio'}.`;
        case 'badGoal':
          return 'no se puede leer la meta diaria.';
      }
    },
  },
};
