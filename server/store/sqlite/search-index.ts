/**
 * Full-text search over the articles: what is written to the two FTS5 tables and how a query is
 * answered. Tables (schema v7):
 * - `article_search (title, summary, body, tags)`: every word of an article, plus one token per
 *   category, source and difficulty in `tags`, so a filter is one more term that FTS5 intersects
 *   inside its compressed doclists (before v7, each match was checked with a lookup in
 *   article_categories, which cost 4–8× the match itself for common words).
 * - `article_heads (title, summary, tags)`: contentless, the same titles, summaries and tags without
 *   the bodies. Its doclists are short, so "which of these candidates have a word in the title" is
 *   cheap.
 *
 * Why not bm25(): FTS5's bm25() first counts every row that holds each term (to weigh rare terms
 * above common ones), a walk of the whole doclist on every query: 3.5 ms for a word in nine
 * articles of ten at 100,000 articles, 9 ms for three such words, before any row is scored.
 *
 * Rowids follow publication time (search keys, schema v10: search-order.ts), so FTS5, which returns
 * matches in rowid order, yields them newest first. A query is answered in bounded steps:
 * 1. Count, as far as the page needs: the newest `countedFor(offset, limit)` + 1 rowids holding every word (and
 *    every filter tag), rowids only, read from the doclists newest first and stopped there; the extra one says
 *    whether more match (the total is then a lower bound, `totalCapped`). The count reaches the end of the block
 *    after the page's last row, so a page that ends on a block's end still says that more follow; never further
 *    than SEARCH_CANDIDATES (issue 31, decision 44).
 * 2. Rank, block by block: the matches are cut, newest first, into blocks of RANK_BLOCK, and a page
 *    ranks only the blocks it falls in. Within a block a title holding every word scores 20, a title
 *    holding any word 10, a summary holding any word 4 (two words or more: the block's article_terms rows, v13,
 *    search-terms.ts; else, or a block not filled yet, article_heads over its range); ties go to the newest. So
 *    within the newest hundred matches a title hit comes first, and a page deeper down costs a block or two more.
 * 3. The page: the summary columns and a snippet with the words marked, for the page's rows only.
 * Prefix terms (`fes*`) are matched in `article_words`, the words as written (v12, search-words.ts, word-index.ts).
 */
import type Database from 'better-sqlite3';
import type { CategoryId, DifficultyLevel, SourceId } from '../../../common/catalog';
import { HIT_END, HIT_START, ftsTermGroups, stripSentinels } from '../fts-query';
import { SUMMARY_COLUMNS } from './list-queries';
import { FILLING_TABLES, SEARCH_KEYS_FILL, SearchKeys } from './search-order';
import { WordIndex } from './word-index';
import { SearchTerms, scoreOf } from './search-terms';
import { SearchRebuildingError } from '../store-errors';
import { toSummary, type SummaryRow } from './rows';
import type { ArticleSummaryRow, Page, SearchQuery } from '../types';
import { countedFor, rankedPage } from '../search-pages';

const SNIPPET_TOKENS = 24;

/** What the index holds of an article. */
export interface SearchDocument {
  /** ISO 8601: orders the matches (the search key). */
  readonly publishedAt: string;
  readonly title: string;
  readonly summary: string;
  readonly body: string;
  readonly categories: readonly CategoryId[];
  readonly source: SourceId;
  readonly difficulty: DifficultyLevel;
}

type TagKind = 'category' | 'source' | 'difficulty';
const TAG_LETTER: Readonly<Record<TagKind, string>> = { category: 'c', source: 's', difficulty: 'd' };

/**
 * One token per filter value: letters and digits only, so the tokenizer keeps it whole, and it
 * ends in a digit, so the porter stemmer leaves it alone. Hex keeps any value (hyphens, accents)
 * inside one token. Migration v7 builds the same tokens in SQL (`lower(hex(value))`).
 */
export function tagToken(kind: TagKind, value: string): string {
  return `x${TAG_LETTER[kind]}${Buffer.from(value, 'utf8').toString('hex')}9`;
}

export function tagsOf(doc: Pick<SearchDocument, 'categories' | 'source' | 'difficulty'>): string {
  return [
    ...doc.categories.map((category) => tagToken('category', category)),
    tagToken('source', doc.source),
    tagToken('difficulty', doc.difficulty),
  ].join(' ');
}

interface Statements {
  insert: Database.Statement;
  insertHeads: Database.Statement;
  remove: Database.Statement;
  removeHeads: Database.Statement;
  candidates: Database.Statement;
  heads: Database.Statement;
  summaries: Database.Statement;
  snippets: Database.Statement;
  compact: Database.Statement;
  compactHeads: Database.Statement;
}

export class SearchIndex {
  private statementsOf: Statements | undefined;
  private fillingStatements: Pick<Statements, 'insert' | 'insertHeads' | 'remove' | 'removeHeads'> | undefined;
  private readonly keys: SearchKeys;
  /** Once the v10 fill is seen finished (search-order.ts), it stays so: no more looks at schema_fills. */
  private filled = false;
  private readonly owed: Database.Statement;
  /** article_words (v12): prefix terms. */
  private readonly words: WordIndex;
  /** article_terms (v13): the blocks' ranking. */
  private readonly terms: SearchTerms;

  constructor(private readonly db: Database.Database) {
    this.keys = new SearchKeys(db);
    this.words = new WordIndex(db, SNIPPET_TOKENS);
    this.terms = new SearchTerms(db);
    this.owed = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_fills'").pluck();
  }

  /**
   * True while the v10 fill runs (search-order.ts): writes then go to the tables being filled and search answers
   * 503. Read again on every call until it is seen done, since another process (the server) may finish it.
   */
  private filling(): boolean {
    if (this.filled) return false;
    const pending =
      (this.owed.get() as number) > 0 &&
      this.db.prepare('SELECT 1 FROM schema_fills WHERE name = ?').pluck().get(SEARCH_KEYS_FILL) !== undefined;
    if (!pending) this.filled = true;
    return pending;
  }

  private get statements(): Statements {
    this.statementsOf ??= this.prepare();
    return this.statementsOf;
  }

  /** The write statements of the tables a v10 fill is filling. */
  private get filler() {
    const db = this.db;
    this.fillingStatements ??= {
      insert: db.prepare(`INSERT INTO ${FILLING_TABLES.search} (rowid, title, summary, body, tags) VALUES (?, ?, ?, ?, ?)`),
      insertHeads: db.prepare(`INSERT INTO ${FILLING_TABLES.heads} (rowid, title, summary, tags) VALUES (?, ?, ?, ?)`),
      remove: db.prepare(`DELETE FROM ${FILLING_TABLES.search} WHERE rowid = ?`),
      removeHeads: db.prepare(`DELETE FROM ${FILLING_TABLES.heads} WHERE rowid = ?`),
    };
    return this.fillingStatements;
  }

  private prepare(): Statements {
    const db = this.db;
    return {
      insert: db.prepare('INSERT INTO article_search (rowid, title, summary, body, tags) VALUES (?, ?, ?, ?, ?)'),
      insertHeads: db.prepare('INSERT INTO article_heads (rowid, title, summary, tags) VALUES (?, ?, ?, ?)'),
      remove: db.prepare('DELETE FROM article_search WHERE rowid = ?'),
      removeHeads: db.prepare('DELETE FROM article_heads WHERE rowid = ?'),
      candidates: db
        .prepare('SELECT rowid FROM article_search WHERE article_search MATCH ? ORDER BY rowid DESC LIMIT CAST(? AS INTEGER)')
        .pluck(),
      // FTS5 uses a rowid bound only when it is an INTEGER value, and better-sqlite3 binds every
      // JavaScript number as a REAL: without the casts `rowid = ?` answers every match and BETWEEN
      // walks the whole doclist before SQLite filters.
      // With `listed` (a JSON array of the block's keys), only the block's own rows leave SQLite (the unary + keeps the
      // list a check, not one FTS5 query per row): the rows of a common word beside a rare one over the block's range are
      // walked, but not each handed to JavaScript (decision 52).
      heads: db
        .prepare(
          `SELECT rowid FROM article_heads WHERE article_heads MATCH @match
            AND rowid BETWEEN CAST(@oldest AS INTEGER) AND CAST(@newest AS INTEGER)
            AND (@listed IS NULL OR +rowid IN (SELECT value FROM json_each(@listed)))`,
        )
        .pluck(),
      // The page's rows in one statement rather than twenty (0.03 ms less a page, decision 47).
      summaries: db.prepare(`SELECT k.key AS key, ${SUMMARY_COLUMNS} FROM json_each(?) AS j
        JOIN search_keys AS k ON k.key = CAST(j.value AS INTEGER) JOIN articles AS a ON a.seq = k.article_seq`),
      // The page's snippets in one pass over the rows between its first and last: each FTS5
      // query sets up its terms once (for a prefix, a merge of every word it starts), so twenty
      // single-row queries cost up to ten times more. The unary + keeps SQLite from turning the
      // IN list into one FTS5 query per row.
      snippets: db.prepare(`SELECT rowid AS seq,
          snippet(article_search, -1, '${HIT_START}', '${HIT_END}', '…', ${SNIPPET_TOKENS}) AS snippet
        FROM article_search
        WHERE article_search MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)
          AND +rowid IN (SELECT value FROM json_each(?))`),
      compact: db.prepare("INSERT INTO article_search (article_search) VALUES ('optimize')"),
      compactHeads: db.prepare("INSERT INTO article_heads (article_heads) VALUES ('optimize')"),
    };
  }

  /** Call inside the article's write transaction. */
  write(seq: number, doc: SearchDocument): void {
    const title = stripSentinels(doc.title);
    const summary = stripSentinels(doc.summary);
    const tags = tagsOf(doc);
    const key = this.keys.assign(seq, doc.publishedAt);
    const filling = this.filling();
    const target = filling ? this.filler : this.statements;
    const body = stripSentinels(doc.body);
    target.insert.run(key, title, summary, body, tags);
    target.insertHeads.run(key, title, summary, tags);
    this.words.write(seq, key, [title, summary, body, tags], filling);
    this.terms.write(key, title, summary);
  }

  remove(seq: number): void {
    const key = this.keys.of(seq);
    if (key === undefined) return;
    const filling = this.filling();
    const target = filling ? this.filler : this.statements;
    this.words.remove(seq, key, filling);
    target.remove.run(key);
    target.removeHeads.run(key);
    this.terms.remove(key);
    this.keys.remove(seq);
  }

  search(query: SearchQuery): Page<ArticleSummaryRow> {
    const { words, prefixes } = ftsTermGroups(query.q);
    if (words.length === 0 && prefixes.length === 0) return { items: [], total: 0 };
    if (this.filling() || (prefixes.length > 0 && this.words.filling())) throw new SearchRebuildingError();
    // The words match in the text columns only, never in tags.
    const text = (terms: string[]) => (terms.length === 0 ? undefined : `{title summary body} : (${terms.join(' AND ')})`);
    const filters = [
      ...(query.category ? [tagToken('category', query.category)] : []),
      ...(query.source ? [tagToken('source', query.source)] : []),
      ...(query.difficulty ? [tagToken('difficulty', query.difficulty)] : []),
    ].map((token) => `tags : "${token}"`);
    const filter = filters.map((tag) => ` AND ${tag}`).join('');
    const wordText = text(words);
    const prefixText = text(prefixes);
    const counted = countedFor(query.offset, query.limit);
    const candidates =
      prefixText === undefined
        ? (this.statements.candidates.all(wordText + filter, counted + 1) as number[])
        : wordText === undefined
          ? this.words.candidates(prefixText + filter, counted + 1)
          : this.words.newestInBoth(wordText + filter, prefixText + filter, counted + 1);
    const capped = candidates.length > counted;
    if (capped) candidates.length = counted;
    const total = candidates.length;
    const pageKeys = rankedPage(candidates, query.offset, query.limit, (block) => this.scores(words, prefixes, filter, block));
    // With prefixes, from article_words: it marks their words, and whole words only where written as typed.
    const snippets =
      prefixText === undefined
        ? this.snippets(this.statements.snippets, wordText!, pageKeys)
        : this.snippets(
            this.words.snippetStatement,
            `{title summary body} : ((${prefixes.join(' AND ')})${words.map((word) => ` OR ${word}`).join('')})`,
            pageKeys,
          );
    const rows = new Map(
      (this.statements.summaries.all(JSON.stringify(pageKeys)) as (SummaryRow & { key: number })[]).map(({ key, ...row }) => [key, row]),
    );
    const items = pageKeys.flatMap((key) => {
      const row = rows.get(key);
      return row === undefined ? [] : [toSummary({ ...row, snippet: snippets.get(key) ?? '' })];
    });
    return capped ? { items, total, totalCapped: true } : { items, total };
  }

  private snippets(statement: Database.Statement, match: string, seqs: number[]): Map<number, string> {
    if (seqs.length === 0) return new Map();
    const rows = statement.all(match, Math.min(...seqs), Math.max(...seqs), JSON.stringify(seqs)) as {
      seq: number;
      snippet: string;
    }[];
    return new Map(rows.map((row) => [row.seq, row.snippet]));
  }

  /**
   * Merges each index into one segment. Writes add small segments that FTS5 merges only now and
   * then, and every query probes each one: after a large import this makes snippets up to five
   * times cheaper. About a second at 100,000 articles; run after imports, not per article.
   */
  compact(): void {
    // The fill merges the new tables' segments itself once they are in (search-order.ts).
    if (this.filling()) return;
    this.statements.compact.run();
    this.statements.compactHeads.run();
    this.words.compact();
  }

  /** The score of each candidate of a block (newest first); see the header. Prefixes are looked up in article_words. */
  private scores(words: string[], prefixes: string[], filter: string, block: readonly number[]): (key: number) => number {
    // Two whole words or more: from the block's article_terms rows when each key has one, the same scores (decision 56;
    // one word's walk finds only the block's own rows, cheaper than reading a hundred).
    const hits = prefixes.length === 0 && words.length > 1 ? this.terms.hits(words, block) : undefined;
    if (hits !== undefined) return (key) => scoreOf(hits.get(key)!);
    const newest = block[0]!;
    const oldest = block[block.length - 1]!;
    // With one term, every row the walk finds is a candidate: the list would only cost its check.
    const listed = words.length + prefixes.length > 1 ? JSON.stringify(block) : null;
    // The filter tags skip the rows that cannot be candidates.
    const inRange = (match: string) => new Set(this.statements.heads.all({ match: match + filter, oldest, newest, listed }) as number[]);
    const matching = (column: string, join: 'AND' | 'OR'): Set<number>[] => [
      ...(words.length > 0 ? [inRange(`${column} : (${words.join(` ${join} `)})`)] : []),
      ...(prefixes.length > 0 ? [this.words.inBlock(`${column} : (${prefixes.join(` ${join} `)})` + filter, oldest, newest, listed)] : []),
    ];
    const union = (sets: Set<number>[]) => new Set(sets.flatMap((set) => [...set]));
    const titleAny = union(matching('title', 'OR'));
    // Every word in a title needs one in it: a block with no title hit skips that statement (decision 47).
    const titleAll =
      words.length + prefixes.length === 1 || !block.some((key) => titleAny.has(key))
        ? titleAny
        : matching('title', 'AND').reduce((all, set) => new Set([...all].filter((key) => set.has(key))));
    const summaryAny = union(matching('summary', 'OR'));
    return (key) => scoreOf({ titleAll: titleAll.has(key), titleAny: titleAny.has(key), summaryAny: summaryAny.has(key) });
  }
}
