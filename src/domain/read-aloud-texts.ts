/**
 * Texts of the read-aloud player and the entry's listen button, in the interface language. Apart
 * from texts.ts because only the article page's chunk needs them.
 */
import type { TextLanguage } from '../../common/languages';
import type { Accent } from './read-aloud';

export interface ReadAloudTexts {
  readonly title: string;
  readonly play: string;
  readonly pause: string;
  readonly resume: string;
  readonly stop: string;
  readonly previous: string;
  readonly next: string;
  readonly voice: string;
  readonly accent: Readonly<Record<Accent, string>>;
  readonly speed: string;
  readonly rate: (rate: number) => string;
  readonly sentenceOf: (position: number, total: number) => string;
  readonly paused: (position: number, total: number) => string;
  readonly ended: string;
  readonly failed: string;
  readonly loading: string;
  readonly clickHint: string;
  readonly noSpeech: string;
  readonly noEnglishVoice: string;
  /** The same two reasons in a few words, where the play button is in the phone's toolbar. */
  readonly noSpeechShort: string;
  readonly noEnglishVoiceShort: string;
  /** The phone toolbar's disclosures: the look-up field, and the player's other controls and settings. */
  readonly lookUp: string;
  readonly more: string;
  readonly hearWord: (word: string) => string;
}

export const READ_ALOUD_TEXTS = {
  en: {
    title: 'Listen to the article',
    play: 'Play',
    pause: 'Pause',
    resume: 'Resume',
    stop: 'Stop',
    previous: 'Previous sentence',
    next: 'Next sentence',
    voice: 'Voice',
    accent: { gb: 'British', us: 'American', other: 'English' },
    speed: 'Speed',
    rate: (rate) => `${rate}×`,
    sentenceOf: (position, total) => `Sentence ${position} of ${total}`,
    paused: (position, total) => `Paused at sentence ${position} of ${total}`,
    ended: 'Finished reading the article.',
    failed: 'Your browser could not read this sentence aloud.',
    loading: 'Getting the voices ready…',
    clickHint: 'While it reads, click a sentence to continue from there; pause to look words up.',
    noSpeech: 'Your browser cannot read articles aloud. Try a recent version of Chrome, Edge, Safari or Firefox.',
    noEnglishVoice: 'Your browser has no English voice to read articles aloud. Add an English voice in your system’s speech settings.',
    noSpeechShort: 'Cannot read aloud here',
    noEnglishVoiceShort: 'No English voice',
    lookUp: 'Look up',
    more: 'More',
    hearWord: (word) => `Listen to “${word}”`,
  },
  zh: {
    title: '朗读文章',
    play: '播放',
    pause: '暂停',
    resume: '继续',
    stop: '停止',
    previous: '上一句',
    next: '下一句',
    voice: '语音',
    accent: { gb: '英式', us: '美式', other: '英语' },
    speed: '语速',
    rate: (rate) => `${rate}×`,
    sentenceOf: (position, total) => `第 ${position} 句，共 ${total} 句`,
    paused: (position, total) => `已暂停：第 ${position} 句，共 ${total} 句`,
    ended: '文章已朗读完毕。',
    failed: '浏览器无法朗读这一句。',
    loading: '正在准备语音…',
    clickHint: '朗读时，点击任意句子即可从那里继续；暂停后点击单词可查词。',
    noSpeech: '你的浏览器不支持朗读文章。请使用新版 Chrome、Edge、Safari 或 Firefox。',
    noEnglishVoice: '你的浏览器没有英语语音，无法朗读文章。请在系统的语音设置中添加英语语音。',
    noSpeechShort: '此浏览器无法朗读',
    noEnglishVoiceShort: '没有英语语音',
    lookUp: '查词',
    more: '更多',
    hearWord: (word) => `收听“${word}”的发音`,
  },
  es: {
    title: 'Escuchar el artículo',
    play: 'Reproducir',
    pause: 'Pausa',
    resume: 'Continuar',
    stop: 'Detener',
    previous: 'Frase anterior',
    next: 'Frase siguiente',
    voice: 'Voz',
    accent: { gb: 'Británica', us: 'Estadounidense', other: 'Inglés' },
    speed: 'Velocidad',
    rate: (rate) => `${String(rate).replace('.', ',')}×`,
    sentenceOf: (position, total) => `Frase ${position} de ${total}`,
    paused: (position, total) => `En pausa en la frase ${position} de ${total}`,
    ended: 'Se terminó de leer el artículo.',
    failed: 'Tu navegador no pudo leer esta frase en voz alta.',
    loading: 'Preparando las voces…',
    clickHint: 'Mientras lee, haz clic en una frase para seguir desde ahí; en pausa, un clic busca la palabra.',
    noSpeech: 'Tu navegador no puede leer artículos en voz alta. Prueba una versión reciente de Chrome, Edge, Safari o Firefox.',
    noEnglishVoice:
      'Tu navegador no tiene ninguna voz en inglés para leer artículos. Añade una voz en inglés en los ajustes de voz del sistema.',
    noSpeechShort: 'No puede leer en voz alta',
    noEnglishVoiceShort: 'Sin voz en inglés',
    lookUp: 'Buscar',
    more: 'Más',
    hearWord: (word) => `Escuchar «${word}»`,
  },
} satisfies Record<TextLanguage, ReadAloudTexts>;

export function readAloudTextsFor(language: TextLanguage): ReadAloudTexts {
  return READ_ALOUD_TEXTS[language];
}
