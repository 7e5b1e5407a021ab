/**
 * British ↔ American spelling variants. The dictionary often has only one spelling of a word (or
 * only one spelling's inflections), and news comes in both; callers keep only variants that exist.
 */

/** Pairs of [British, American] endings, each applied in both directions. */
const ENDINGS: ReadonlyArray<readonly [RegExp, string, RegExp, string]> = [
  // colour/color, honourable/honorable
  [/our(s|ed|ing|ful|ite|ites|able|less)?$/, 'or$1', /([^o])or(s|ed|ing|ful|ite|ites|able|less)?$/, '$1our$2'],
  // organisation/organization, realise/realize
  [/is(e|es|ed|ing|er|ers|ation|ations|ational)$/, 'iz$1', /iz(e|es|ed|ing|er|ers|ation|ations|ational)$/, 'is$1'],
  // analyse/analyze
  [/ys(e|es|ed|ing)$/, 'yz$1', /yz(e|es|ed|ing)$/, 'ys$1'],
  // centre/center, theatres/theaters
  [/([^aeiou])tre(s|d)?$/, '$1ter$2', /([^aeiou])ter(s)?$/, '$1tre$2'],
  // catalogue/catalog
  [/ogue(s)?$/, 'og$1', /og(s)?$/, 'ogue$1'],
  // defence/defense, offence, licence, pretence
  [/(defen|offen|licen|preten)ce(s)?$/, '$1se$2', /(defen|offen|licen|preten)se(s)?$/, '$1ce$2'],
  // travelled/traveled, cancelling/canceling, modeller/modeler
  [/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2', /([aeiou])l(ed|ing|er|ers)$/, '$1ll$2'],
];

export function spellingVariants(word: string): string[] {
  const variants = new Set<string>();
  for (const [british, toAmerican, american, toBritish] of ENDINGS) {
    if (british.test(word)) variants.add(word.replace(british, toAmerican));
    if (american.test(word)) variants.add(word.replace(american, toBritish));
  }
  // anaemia/anemia, manoeuvre/maneuver: drop the digraph's first letter, or add it back at one place.
  for (const digraph of ['ae', 'oe']) {
    if (word.includes(digraph)) variants.add(word.replaceAll(digraph, 'e'));
    for (let i = word.indexOf('e'); i >= 0; i = word.indexOf('e', i + 1)) {
      if (word[i - 1] !== digraph[0]) variants.add(`${word.slice(0, i)}${digraph[0]}${word.slice(i)}`);
    }
  }
  variants.delete(word);
  return [...variants];
}
