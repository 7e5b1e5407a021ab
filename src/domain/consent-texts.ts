/** What the cookie banner and the site footer say (part of Texts in texts.ts). */

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
