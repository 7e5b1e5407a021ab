/** The 20 cards both coverage benches measure: the first 20 sample articles' lemma inventories, as the cards' answer carries them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlainInventory } from '../../common/lemma-contract';
import { lemmaInventory } from '../../server/content/lemma-inventory';
import type { Dictionary } from '../../server/dictionary/dictionary-types';
import { REPO_ROOT } from '../../tests/support/server-process';

export interface SampleArticle {
  readonly id: string;
  readonly paragraphs: string[];
}

/** The sample corpus, in file order. */
export function sampleArticles(): SampleArticle[] {
  const dir = join(REPO_ROOT, 'server/corpus/articles');
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as SampleArticle);
}

export function sampleCards(dictionary: Dictionary, articles: readonly SampleArticle[] = sampleArticles()): PlainInventory[] {
  return articles.slice(0, 20).map((article): PlainInventory => {
    const inventory = lemmaInventory(article.paragraphs, dictionary);
    return { articleId: article.id, words: inventory.words, lemmas: inventory.lemmas };
  });
}
