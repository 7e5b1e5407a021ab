/**
 * Opens the bilingual dictionary: checks the committed data files, (re)builds the SQLite copy
 * only when their version changed, and answers look-ups from prepared statements.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { verifyData } from './data-files';
import { normalizePhrase, normalizeQuery, resolveLemma, resolvePhrase, type LemmaSource, type Resolution } from './lemma';
import { buildDatabaseFile, fillDatabase, headwordCount, readStoredVersion, storedVersionFor } from './dictionary-store';
import type { AlternativeSense } from './data-format';
import { categoryWords, contextWords, firstGloss, rankSenses, weightOfRank, wordsBefore, type RankingContext } from './sense-ranking';
import { partOfSpeechIn } from './sentence-pos';
import { SenseSimilarity, storedWordVectors } from './word-vectors';
import type {
  Dictionary,
  DictionaryEntry,
  DictionaryLanguage,
  DictionaryLoadReport,
  LookupContext,
  LookupResult,
  PhraseListing,
} from './dictionary-types';

export interface OpenDictionaryOptions {
  /** The dictionary's own SQLite file, or ':memory:'. */
  readonly path: string;
  /** Folder of the committed data files; defaults to the one beside this module. */
  readonly dataDir?: string;
}

export function openDictionary(options: OpenDictionaryOptions): { dictionary: Dictionary; report: DictionaryLoadReport } {
  const started = performance.now();
  const data = verifyData(options.dataDir ?? join(import.meta.dirname, 'data'));
  const wanted = storedVersionFor(data);
  let db: Database.Database | undefined;
  let built = false;
  if (options.path === ':memory:') {
    db = new Database(':memory:');
    fillDatabase(db, data);
    built = true;
  } else {
    db = openIfCurrent(options.path, wanted);
    if (!db) {
      buildDatabaseFile(options.path, data);
      built = true;
      db = new Database(options.path, { readonly: true, fileMustExist: true });
    }
  }
  const dictionary = new SqliteDictionary(db, data.manifest.version);
  const report = { built, millis: Math.round(performance.now() - started), headwords: headwordCount(db), path: options.path };
  return { dictionary, report };
}

function openIfCurrent(path: string, wanted: string): Database.Database | undefined {
  if (!existsSync(path)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    if (readStoredVersion(db) === wanted) return db;
  } catch {
    // Not a database, or a damaged one: rebuilt below.
  }
  db?.close();
  return undefined;
}

interface SenseRow {
  pos: string;
  zh: string;
  en: string;
  /** 'z', 'e' or 'ze': that language's glosses are only other senses' (data-format.ts). */
  other: string;
}

/** A phrase tagged so (build-dictionary.ts) or carrying a level mark is marked in article text. */
const MARKABLE_TAGS = /\b(?:semcor|oxford3000|collins[1-5]|cet4|cet6|ielts|toefl|zk|gk)\b/;
interface HeadwordRow {
  ipa: string;
  rank: number;
  tags: string;
}

class SqliteDictionary implements Dictionary {
  private readonly headwordStatement: Database.Statement<[string], HeadwordRow>;
  private readonly sensesStatement: Database.Statement<[string], SenseRow>;
  private readonly formsStatement: Database.Statement<[string], { lemma: string }>;
  private readonly spanishStatement: Database.Statement<[string], { pos: string; es: string }>;
  private readonly source: LemmaSource;
  private readonly wordSensesStatement: Database.Statement<[string, string], { senses: string }>;
  private phraseList: readonly PhraseListing[] | undefined;
  private readonly similarity: SenseSimilarity;

  constructor(
    private readonly db: Database.Database,
    readonly version: string,
  ) {
    this.headwordStatement = db.prepare('SELECT ipa, rank, tags FROM headwords WHERE word = ?');
    this.sensesStatement = db.prepare('SELECT pos, zh, en, other FROM senses WHERE word = ? ORDER BY ord');
    this.formsStatement = db.prepare('SELECT lemma FROM forms WHERE form = ? ORDER BY ord');
    this.spanishStatement = db.prepare('SELECT pos, es FROM spanish WHERE word = ?');
    this.wordSensesStatement = db.prepare('SELECT senses FROM word_senses WHERE word = ? AND pos = ?');
    const vectorStatement = db.prepare<[string], { vector: Buffer }>('SELECT vector FROM vectors WHERE word = ?');
    this.similarity = new SenseSimilarity(storedWordVectors((word) => vectorStatement.get(word)?.vector));
    this.source = {
      isHeadword: (word) => this.headwordStatement.get(word) !== undefined,
      lemmasOf: (form) => this.formsStatement.all(form).map((row) => row.lemma),
      rankOf: (word) => this.headwordStatement.get(word)?.rank ?? 0,
      isAbbreviationOnly: (word) => {
        const senses = this.sensesStatement.all(word);
        return senses.length > 0 && senses.every((sense) => sense.pos === 'abbreviation');
      },
    };
  }

  lookUp(word: string, language: DictionaryLanguage, context?: LookupContext): LookupResult | undefined {
    const resolution = this.resolve(word);
    if (!resolution) return undefined;
    let entries = resolution.headwords.flatMap((headword) => this.entriesOf(headword, language));
    if (context?.sentence || context?.category) {
      const ranking = this.rankingContext(resolution.lemma, context.sentence ?? '', context.category);
      entries = entries.map((entry) => this.inContext(entry, language, ranking));
    }
    if (context?.sentence) {
      // The part of speech the word has in the sentence comes first (a fine of, can be fined).
      const pos = partOfSpeechIn(
        context.sentence,
        word,
        entries.map((entry) => entry.partOfSpeech),
        this.wordFacts,
      );
      if (pos)
        entries = [...entries.filter((entry) => entry.partOfSpeech === pos), ...entries.filter((entry) => entry.partOfSpeech !== pos)];
    }
    return entries.length > 0 ? { query: word.trim(), lemma: resolution.lemma, entries } : undefined;
  }

  /**
   * A phrase (two to four words) resolves as a phrase; a hyphenated word that is no headword but a
   * phrase with spaces is ("give-up") resolves to that phrase before its last part.
   */
  private resolve(query: string): Resolution | undefined {
    if (/\s/.test(query.trim())) {
      const phrase = normalizePhrase(query);
      return phrase === undefined ? undefined : resolvePhrase(phrase, this.source);
    }
    const normalized = normalizeQuery(query);
    if (normalized === undefined) return undefined;
    if (normalized.includes('-') && !this.source.isHeadword(normalized)) {
      const phrase = normalizePhrase(normalized.replace(/-/g, ' '));
      const found = phrase === undefined ? undefined : resolvePhrase(phrase, this.source);
      if (found) return found;
    }
    return resolveLemma(normalized, this.source);
  }

  phrases(): readonly PhraseListing[] {
    this.phraseList ??= (
      this.db
        .prepare(
          "SELECT h.word AS phrase, h.tags AS tags, (SELECT pos FROM senses s WHERE s.word = h.word ORDER BY ord LIMIT 1) AS pos FROM headwords h WHERE h.word LIKE '% %' ORDER BY h.word",
        )
        .all() as Array<{ phrase: string; tags: string; pos: string | null }>
    ).map((row) => ({ phrase: row.phrase, partOfSpeech: row.pos ?? 'noun', markable: MARKABLE_TAGS.test(row.tags) }));
    return this.phraseList;
  }

  lemmaOf(form: string): string | undefined {
    const normalized = normalizeQuery(form);
    return normalized === undefined ? undefined : resolveLemma(normalized, this.source)?.lemma;
  }

  gloss(lemma: string, partOfSpeech: string, language: 'zh' | 'es', fallbackToOtherPos = false): string | undefined {
    // Callers normally pass a lemma (or a phrase); an inflected form still finds its lemma's glosses.
    const normalized = normalizeQuery(lemma);
    const headword =
      normalized === undefined
        ? this.resolve(lemma)?.lemma
        : this.source.isHeadword(normalized)
          ? normalized
          : resolveLemma(normalized, this.source)?.lemma;
    if (headword === undefined) return undefined;
    const glosses = this.glossesOf(headword, language);
    const pos = partOfSpeech.trim().toLowerCase();
    // A card shows one sense (WordNet's first, as the entry): never another sense's gloss as its own.
    const fitting = glosses.filter((g) => !g.otherSense);
    const exact = fitting.find((g) => g.pos === pos)?.gloss;
    if (exact || !fallbackToOtherPos || glosses.some((g) => g.pos === pos && g.otherSense)) return exact;
    return fitting.find((g) => g.gloss !== undefined)?.gloss;
  }

  wordsOfLevel(tags: readonly string[], topRank: number): string[] {
    const rows = this.db
      .prepare("SELECT word, rank, tags FROM headwords WHERE (rank > 0 AND rank <= ?) OR tags != ''")
      .all(topRank) as Array<{
      word: string;
      rank: number;
      tags: string;
    }>;
    const wanted = new Set(tags);
    return rows
      .filter((row) => (row.rank > 0 && row.rank <= topRank) || row.tags.split(' ').some((tag) => wanted.has(tag)))
      .filter((row) => /^[a-z]+(?:['-][a-z]+)*$/.test(row.word))
      .sort((a, b) => (a.rank || Number.MAX_SAFE_INTEGER) - (b.rank || Number.MAX_SAFE_INTEGER) || (a.word < b.word ? -1 : 1))
      .map((row) => row.word);
  }

  close(): void {
    this.db.close();
  }

  senseIn(
    lemma: string,
    partOfSpeech: string,
    sentence: string,
    category?: string,
  ): { definition: string; zh: string; es: string } | undefined {
    const headword = this.resolve(lemma)?.lemma;
    if (headword === undefined) return undefined;
    const row = this.wordSensesStatement.get(headword, partOfSpeech.trim().toLowerCase());
    if (!row) return undefined;
    const senses = JSON.parse(row.senses) as AlternativeSense[];
    const chosen = rankSenses(senses, this.rankingContext(headword, sentence, category));
    if (chosen === 0) return undefined;
    const sense = senses[chosen]!;
    return { definition: sense.en, zh: sense.zh, es: sense.es.split('|').filter(Boolean).join(', ') };
  }

  private readonly wordFacts = {
    lemmaOf: (form: string) => this.lemmaOf(form),
    partsOfSpeech: (form: string) => {
      const lemma = this.lemmaOf(form);
      return lemma === undefined ? [] : this.sensesStatement.all(lemma).map((row) => row.pos);
    },
  };

  private rankingContext(headword: string, sentence: string, category: string | undefined): RankingContext {
    const lemmaOf = (form: string) => this.lemmaOf(form);
    const words = contextWords(sentence, headword, lemmaOf);
    const weightOf = (word: string) => weightOfRank(this.headwordStatement.get(word)?.rank);
    const similarity = this.similarity.toContext(words, category, weightOf);
    return {
      words,
      before: wordsBefore(sentence, headword, lemmaOf),
      categoryWords: categoryWords(category),
      weightOf,
      ...(similarity ? { similarity } : {}),
    };
  }

  /**
   * The entry with the sense the context means and that sense's own glosses. Where no source gives
   * one, the entry keeps the other senses' glosses marked as such (glossOtherSense), never as this one's.
   */
  private inContext(entry: DictionaryEntry, language: DictionaryLanguage, ranking: RankingContext): DictionaryEntry {
    const row = this.wordSensesStatement.get(entry.headword, entry.partOfSpeech);
    if (!row) return entry;
    const senses = JSON.parse(row.senses) as AlternativeSense[];
    const chosen = language === 'en' ? rankSenses(senses, ranking) : rankSenses(senses, ranking, (sense) => firstGloss(sense, language));
    if (chosen === 0) return entry;
    const sense = senses[chosen]!;
    const gloss = language === 'zh' ? sense.zh : language === 'es' ? sense.es.split('|').filter(Boolean).join(', ') : '';
    const { gloss: old, glossOtherSense: _other, ...rest } = entry;
    if (gloss) return { ...rest, definition: sense.en, gloss };
    return { ...rest, definition: sense.en, ...(old && language !== 'en' ? { gloss: old, glossOtherSense: true } : {}) };
  }

  /** Glosses per part of speech, in the headword's order (most common first). */
  private glossesOf(
    headword: string,
    language: 'zh' | 'es' | 'en',
  ): Array<{ pos: string; gloss: string | undefined; otherSense: boolean; sense: SenseRow }> {
    const senses = this.sensesStatement.all(headword);
    const spanish = language === 'es' ? new Map(this.spanishStatement.all(headword).map((row) => [row.pos, row.es])) : undefined;
    return senses.map((sense) => {
      let gloss: string | undefined;
      if (language === 'zh') gloss = sense.zh || undefined;
      else if (spanish) gloss = spanish.get(sense.pos)?.split('|').join(', ');
      const otherSense = gloss !== undefined && sense.other.includes(language === 'zh' ? 'z' : 'e');
      return { pos: sense.pos, gloss, otherSense, sense };
    });
  }

  private entriesOf(headword: string, language: DictionaryLanguage): DictionaryEntry[] {
    const row = this.headwordStatement.get(headword);
    if (!row) return [];
    const tags = row.tags ? row.tags.split(' ') : [];
    return this.glossesOf(headword, language).map(({ pos, gloss, otherSense, sense }) => ({
      partOfSpeech: pos,
      ipa: row.ipa,
      ...(gloss === undefined ? {} : { gloss }),
      ...(otherSense ? { glossOtherSense: true } : {}),
      definition: sense.en,
      tags,
      frequencyRank: row.rank > 0 ? row.rank : null,
      headword,
    }));
  }
}
