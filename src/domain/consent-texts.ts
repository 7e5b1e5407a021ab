/**
 * What the cookie banner says, in every text language (only the banner's chunk carries them: the
 * banner opens after a first visit's page has loaded, so its texts are not in the first load), and
 * what the site footer says (part of Texts in texts.ts).
 */
import type { TextLanguage } from '../../common/languages';

export interface ConsentTexts {
  /** Accessible name of the banner region. */
  readonly regionLabel: string;
  readonly title: string;
  readonly message: string;
  readonly acceptAll: string;
  readonly rejectAll: string;
  readonly customize: string;
  readonly customizeTitle: string;
  readonly customizeIntro: string;
  readonly essentialLabel: string;
  readonly essentialDescription: string;
  readonly analyticsLabel: string;
  readonly analyticsDescription: string;
  readonly savePreferences: string;
  readonly back: string;
  /** Shown only when the learner reopened the banner to review an earlier choice. */
  readonly close: string;
}

export interface FooterTexts {
  readonly footerLabel: string;
  readonly tagline: string;
  readonly cookieSettings: string;
  readonly copyright: (year: number) => string;
}

export const CONSENT_TEXTS: Readonly<Record<TextLanguage, ConsentTexts>> = {
  en: {
    regionLabel: 'Cookie consent',
    title: 'We value your privacy',
    message:
      'We use essential cookies to run this site and, with your permission, analytics cookies to learn which articles help learners.',
    acceptAll: 'Accept All',
    rejectAll: 'Reject All',
    customize: 'Customize',
    customizeTitle: 'Cookie preferences',
    customizeIntro: 'Choose which cookies we may use. You can change this at any time under "Cookie settings" at the bottom of every page.',
    essentialLabel: 'Essential cookies',
    essentialDescription:
      'Needed for the site to work, for example to remember this choice. Always on. The words you save while reading stay in this browser and are never sent anywhere.',
    analyticsLabel: 'Analytics cookies',
    analyticsDescription: 'Help us count visits and see which articles are read, without identifying you.',
    savePreferences: 'Save Preferences',
    back: 'Back',
    close: 'Close',
  },
  zh: {
    regionLabel: 'Cookie 同意',
    title: '我们重视您的隐私',
    message: '我们使用必要的 Cookie 维持网站运行；经您同意，还会使用分析 Cookie 了解哪些文章对学习者有帮助。',
    acceptAll: '全部接受',
    rejectAll: '全部拒绝',
    customize: '自定义',
    customizeTitle: 'Cookie 偏好设置',
    customizeIntro: '选择我们可以使用的 Cookie。您可以随时通过每个页面底部的"Cookie 设置"更改此选择。',
    essentialLabel: '必要 Cookie',
    essentialDescription: '网站运行所必需，例如用于记住此选择。始终开启。你在阅读时收藏的单词只保存在此浏览器中，不会发送到任何地方。',
    analyticsLabel: '分析 Cookie',
    analyticsDescription: '帮助我们统计访问量并了解哪些文章被阅读，不会识别您的身份。',
    savePreferences: '保存偏好设置',
    back: '返回',
    close: '关闭',
  },
  es: {
    regionLabel: 'Consentimiento de cookies',
    title: 'Valoramos tu privacidad',
    message:
      'Usamos cookies esenciales para que el sitio funcione y, con tu permiso, cookies de análisis para saber qué artículos ayudan más.',
    acceptAll: 'Aceptar todo',
    rejectAll: 'Rechazar todo',
    customize: 'Personalizar',
    customizeTitle: 'Preferencias de cookies',
    customizeIntro:
      'Elige qué cookies podemos usar. Puedes cambiarlo en cualquier momento en "Configuración de cookies", al pie de cada página.',
    essentialLabel: 'Cookies esenciales',
    essentialDescription:
      'Necesarias para que el sitio funcione, por ejemplo para recordar esta elección. Siempre activas. Las palabras que guardas al leer se quedan en este navegador y nunca se envían a ningún sitio.',
    analyticsLabel: 'Cookies de análisis',
    analyticsDescription: 'Nos ayudan a contar visitas y ver qué artículos se leen, sin identificarte.',
    savePreferences: 'Guardar preferencias',
    back: 'Volver',
    close: 'Cerrar',
  },
};
