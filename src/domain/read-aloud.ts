/**
 * What read-aloud knows about voices and speeds, without the browser: the English voices the
 * speech engine reports, their accent from the language tag, and the speeds the player offers.
 */

export type Accent = 'gb' | 'us' | 'other';

export interface SpeechVoice {
  /** Stable within a page: the voice's URI, or its name where the browser gives no URI. */
  readonly id: string;
  readonly name: string;
  /** BCP 47 tag as the browser reports it, e.g. en-GB (some report en_GB). */
  readonly lang: string;
  readonly accent: Accent;
}

export const READ_ALOUD_RATES = [0.75, 1, 1.25] as const;
export type ReadAloudRate = (typeof READ_ALOUD_RATES)[number];

export function isEnglishTag(lang: string): boolean {
  return /^en(?:$|[-_])/i.test(lang.trim());
}

export function accentOf(lang: string): Accent {
  const region = /^en[-_]([a-z]{2})\b/i.exec(lang.trim())?.[1]?.toLowerCase();
  if (region === 'gb') return 'gb';
  if (region === 'us') return 'us';
  return 'other';
}

/** British first (the learners' textbooks mostly are), then American, then any other English. */
export function defaultVoice(voices: readonly SpeechVoice[]): SpeechVoice | null {
  return voices.find((v) => v.accent === 'gb') ?? voices.find((v) => v.accent === 'us') ?? voices[0] ?? null;
}

/** The voice list in the order the player offers it: British, American, other; by name within each. */
export function orderedVoices(voices: readonly SpeechVoice[]): SpeechVoice[] {
  const rank: Record<Accent, number> = { gb: 0, us: 1, other: 2 };
  return [...voices].sort((a, b) => rank[a.accent] - rank[b.accent] || a.name.localeCompare(b.name));
}
