/**
 * The Chinese Open Wordnet (Bond and Wang): Chinese lemmas per WordNet 3.0 synset, keyed like the
 * Spanish chain's WordNet 3.0 side ("n09931418"), so the chain for Spanish serves Chinese too.
 */
import { readFileSync } from 'node:fs';

export class ChineseWordNet {
  private readonly lemmasBySynset = new Map<string, string[]>();

  /** `file`: wn-data-cmn.tab, rows `09931418-n ⇥ cmn:lemma ⇥ 教练`; `#` lines are its header. */
  constructor(file: string) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('#') || line.trim() === '') continue;
      const [synset = '', kind = '', lemma = ''] = line.split('\t');
      const match = /^(\d{8})-([nvar])$/.exec(synset);
      const text = lemma.trim();
      if (!match || kind !== 'cmn:lemma' || !text) continue;
      // Satellite adjectives are listed under a, as in the alignment files.
      const key = `${match[2]}${match[1]}`;
      const list = this.lemmasBySynset.get(key) ?? [];
      if (!list.includes(text)) list.push(text);
      this.lemmasBySynset.set(key, list);
    }
  }

  get synsets(): number {
    return this.lemmasBySynset.size;
  }

  lemmasOf(wn30: string | undefined): readonly string[] {
    return wn30 === undefined ? [] : (this.lemmasBySynset.get(wn30) ?? []);
  }
}
