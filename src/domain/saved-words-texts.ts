/**
 * Texts of saved words: the words page, the Save buttons on the article page and the store's
 * problems. Apart from texts.ts so only the words and article chunks carry them. The header's
 * "My words" link and due count are in texts.ts (they show on every page).
 */
import type { TextLanguage } from '../../common/languages';
import type { CsvImportReason } from './word-export';
import type { WordStoreProblem } from './saved-words';

/** The word store's problems, as src/domain/saved-words.ts defines them. */
export type StoreProblemName = WordStoreProblem;

export interface SavedWordsTexts {
  readonly title: string;
  readonly intro: string;
  readonly count: (count: number) => string;
  /** While a search filters the list. */
  readonly matching: (shown: number, total: number) => string;
  readonly loading: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly noMatch: (query: string) => string;
  readonly emptyTitle: string;
  readonly emptyHelp: string;
  readonly lemma: string;
  readonly gloss: string;
  readonly savedOn: (date: string) => string;
  readonly dueOn: (date: string) => string;
  readonly dueNow: string;
  readonly fromArticle: string;
  readonly anArticle: string;
  /** The link to the source article's practice page; its label names the article. */
  readonly practise: string;
  readonly practiseLabel: (article: string) => string;
  readonly deleteButton: string;
  readonly delete: (word: string) => string;
  readonly deleted: (word: string) => string;
  readonly undo: string;
  readonly review: (count: number) => string;
  readonly exportCsv: string;
  readonly exportAnki: string;
  readonly importCsv: string;
  readonly transferTitle: string;
  readonly imported: (count: number) => string;
  /** The reason is one of importReasons. */
  readonly importRefused: (line: number, reason: string) => string;
  readonly importReasons: Readonly<Record<CsvImportReason, string>>;
  readonly privacy: string;
  readonly problems: Readonly<Record<StoreProblemName, string>>;
  readonly setAside: (count: number) => string;
  readonly tryAgain: string;
  /** The Save button in the word entry and the vocabulary list. */
  readonly save: string;
  readonly saveLabel: (word: string) => string;
  readonly saved: string;
  readonly savedLabel: (word: string) => string;
}

export const SAVED_WORDS_TEXTS = {
  en: {
    title: 'My words',
    intro: 'The words you saved while reading, newest first.',
    count: (count) => (count === 1 ? '1 word' : `${count} words`),
    matching: (shown, total) => `${shown} of ${total} ${total === 1 ? 'word' : 'words'}`,
    loading: 'Loading your words…',
    searchLabel: 'Search your words',
    searchPlaceholder: 'Word, meaning or sentence',
    noMatch: (query) => `No saved word matches “${query}”.`,
    emptyTitle: 'No saved words yet',
    emptyHelp:
      'While reading an article, tap a word and choose Save in its entry, or Save beside a word of the vocabulary list. It will show here.',
    lemma: 'Dictionary form',
    gloss: 'Meaning',
    savedOn: (date) => `Saved ${date}`,
    dueOn: (date) => `Review ${date}`,
    dueNow: 'Due for review',
    fromArticle: 'From',
    anArticle: 'the article',
    practise: 'Practise',
    practiseLabel: (article) => `Practise with ${article}`,
    deleteButton: 'Delete',
    delete: (word) => `Delete “${word}”`,
    deleted: (word) => `“${word}” deleted.`,
    undo: 'Undo',
    review: (count) => `Review ${count} due ${count === 1 ? 'word' : 'words'}`,
    exportCsv: 'Export CSV',
    exportAnki: 'Export for Anki',
    importCsv: 'Import CSV',
    transferTitle: 'Export and import',
    imported: (count) => (count === 1 ? '1 word imported.' : `${count} words imported.`),
    importRefused: (line, detail) =>
      `This file is not a word list exported from this site (line ${line}: ${detail}). Nothing was imported.`,
    importReasons: {
      header: 'the first line is not the column header of this site’s export',
      columns: 'the line does not have 7 columns',
      emptyWord: 'the word or its dictionary form is empty',
      savedAt: 'the date it was saved is not a valid date',
      dueAt: 'the review date is not a valid date',
      link: 'the article link is not the address of an article on this site',
      unclosedQuote: 'a quotation mark is never closed',
      textAfterQuote: 'there is text after a closing quotation mark',
      record: 'the line cannot be kept as a saved word',
      unreadable: 'the line cannot be read',
    },
    privacy: 'Your saved words stay in this browser and are never sent anywhere.',
    problems: {
      unavailable: 'Your saved words cannot be used in this browser (storage is off or unavailable, for example in a private window).',
      newerVersion: 'Your saved words were written by a newer version of this site. Reload the page to use them; nothing was changed.',
      quotaFull: 'This browser’s storage is full, so the last change could not be saved. Free some space and try again.',
      failed: 'Something went wrong with your saved words. Try again.',
    },
    setAside: (count) =>
      `${count === 1 ? '1 saved record' : `${count} saved records`} could not be read and ${count === 1 ? 'was' : 'were'} kept aside (not deleted).`,
    tryAgain: 'Try again',
    save: 'Save',
    saveLabel: (word) => `Save “${word}”`,
    saved: 'Saved',
    savedLabel: (word) => `“${word}” is saved`,
  },
  zh: {
    title: '我的生词',
    intro: '你在阅读时收藏的单词，最新的在前。',
    count: (count) => `${count} 个单词`,
    matching: (shown, total) => `${total} 个单词中的 ${shown} 个`,
    loading: '正在加载你的单词…',
    searchLabel: '搜索你的单词',
    searchPlaceholder: '单词、释义或句子',
    noMatch: (query) => `没有与“${query}”匹配的单词。`,
    emptyTitle: '还没有收藏的单词',
    emptyHelp: '阅读文章时，点击单词并在释义中选择“收藏”，或点击词汇表中单词旁的“收藏”。收藏的单词会显示在这里。',
    lemma: '原形',
    gloss: '释义',
    savedOn: (date) => `收藏于 ${date}`,
    dueOn: (date) => `复习日期 ${date}`,
    dueNow: '待复习',
    fromArticle: '出自',
    anArticle: '原文',
    practise: '练习',
    practiseLabel: (article) => `练习：${article}`,
    deleteButton: '删除',
    delete: (word) => `删除“${word}”`,
    deleted: (word) => `已删除“${word}”。`,
    undo: '撤销',
    review: (count) => `复习 ${count} 个待复习单词`,
    exportCsv: '导出 CSV',
    exportAnki: '导出到 Anki',
    importCsv: '导入 CSV',
    transferTitle: '导出与导入',
    imported: (count) => `已导入 ${count} 个单词。`,
    importRefused: (line, detail) => `该文件不是本站导出的单词表（第 ${line} 行：${detail}）。未导入任何内容。`,
    importReasons: {
      header: '第一行不是本站导出文件的列标题',
      columns: '这一行不是 7 列',
      emptyWord: '单词或其原形为空',
      savedAt: '收藏日期不是有效的日期',
      dueAt: '复习日期不是有效的日期',
      link: '文章链接不是本站文章的地址',
      unclosedQuote: '有引号没有闭合',
      textAfterQuote: '右引号后面还有文字',
      record: '这一行无法保存为收藏的单词',
      unreadable: '这一行无法读取',
    },
    privacy: '你收藏的单词只保存在此浏览器中，不会发送到任何地方。',
    problems: {
      unavailable: '此浏览器无法使用收藏的单词（存储已关闭或不可用，例如在无痕窗口中）。',
      newerVersion: '你收藏的单词由本站的新版本写入。请刷新页面后使用；没有任何更改。',
      quotaFull: '此浏览器的存储空间已满，最近的更改未能保存。请释放一些空间后重试。',
      failed: '收藏的单词出了问题，请重试。',
    },
    setAside: (count) => `有 ${count} 条收藏记录无法读取，已单独保留（未删除）。`,
    tryAgain: '重试',
    save: '收藏',
    saveLabel: (word) => `收藏“${word}”`,
    saved: '已收藏',
    savedLabel: (word) => `“${word}”已收藏`,
  },
  es: {
    title: 'Mis palabras',
    intro: 'Las palabras que guardaste al leer, las más recientes primero.',
    count: (count) => (count === 1 ? '1 palabra' : `${count} palabras`),
    matching: (shown, total) => `${shown} de ${total} ${total === 1 ? 'palabra' : 'palabras'}`,
    loading: 'Cargando tus palabras…',
    searchLabel: 'Buscar en tus palabras',
    searchPlaceholder: 'Palabra, significado u oración',
    noMatch: (query) => `Ninguna palabra guardada coincide con «${query}».`,
    emptyTitle: 'Aún no has guardado palabras',
    emptyHelp:
      'Al leer un artículo, toca una palabra y elige Guardar en su entrada, o Guardar junto a una palabra del vocabulario. Aparecerá aquí.',
    lemma: 'Forma base',
    gloss: 'Significado',
    savedOn: (date) => `Guardada el ${date}`,
    dueOn: (date) => `Repasar el ${date}`,
    dueNow: 'Para repasar',
    fromArticle: 'De',
    anArticle: 'el artículo',
    practise: 'Practicar',
    practiseLabel: (article) => `Practicar con ${article}`,
    deleteButton: 'Eliminar',
    delete: (word) => `Eliminar «${word}»`,
    deleted: (word) => `«${word}» eliminada.`,
    undo: 'Deshacer',
    review: (count) => `Repasar ${count} ${count === 1 ? 'palabra pendiente' : 'palabras pendientes'}`,
    exportCsv: 'Exportar CSV',
    exportAnki: 'Exportar para Anki',
    importCsv: 'Importar CSV',
    transferTitle: 'Exportar e importar',
    imported: (count) => (count === 1 ? '1 palabra importada.' : `${count} palabras importadas.`),
    importRefused: (line, detail) =>
      `Este archivo no es una lista de palabras exportada de este sitio (línea ${line}: ${detail}). No se importó nada.`,
    importReasons: {
      header: 'la primera línea no es la fila de encabezados de la exportación de este sitio',
      columns: 'la línea no tiene 7 columnas',
      emptyWord: 'la palabra o su forma base está vacía',
      savedAt: 'la fecha en que se guardó no es una fecha válida',
      dueAt: 'la fecha de repaso no es una fecha válida',
      link: 'el enlace no es la dirección de un artículo de este sitio',
      unclosedQuote: 'unas comillas nunca se cierran',
      textAfterQuote: 'hay texto después de unas comillas de cierre',
      record: 'la línea no se puede guardar como palabra',
      unreadable: 'la línea no se puede leer',
    },
    privacy: 'Tus palabras guardadas se quedan en este navegador y nunca se envían a ningún sitio.',
    problems: {
      unavailable:
        'Tus palabras guardadas no se pueden usar en este navegador (el almacenamiento está desactivado o no disponible, por ejemplo en una ventana privada).',
      newerVersion:
        'Tus palabras guardadas las escribió una versión más reciente de este sitio. Recarga la página para usarlas; no se cambió nada.',
      quotaFull:
        'El almacenamiento de este navegador está lleno y el último cambio no se pudo guardar. Libera espacio e inténtalo de nuevo.',
      failed: 'Algo salió mal con tus palabras guardadas. Inténtalo de nuevo.',
    },
    setAside: (count) =>
      `${count === 1 ? '1 registro guardado no se pudo leer y se apartó' : `${count} registros guardados no se pudieron leer y se apartaron`} (no se eliminaron).`,
    tryAgain: 'Reintentar',
    save: 'Guardar',
    saveLabel: (word) => `Guardar «${word}»`,
    saved: 'Guardada',
    savedLabel: (word) => `«${word}» está guardada`,
  },
} satisfies Record<TextLanguage, SavedWordsTexts>;

export function savedWordsTextsFor(language: TextLanguage): SavedWordsTexts {
  return SAVED_WORDS_TEXTS[language];
}
