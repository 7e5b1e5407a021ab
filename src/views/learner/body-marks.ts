/**
 * Marks the words of a rendered article body with the learner's status: `data-status="new"` or
 * `"learning"` on each tappable word (server markup: .nr-w, .nr-vocab-word), nothing on known or
 * ignored ones. A capitalised word inside a sentence is a name and is never marked, as the
 * server's inventory leaves names out (server/content/lemma-inventory.ts).
 */
const WORDS = '.nr-w, .nr-vocab-word';

function keyOf(text: string): string {
  return text.toLowerCase().replace(/’/g, "'");
}

function isNameInSentence(element: Element): boolean {
  const text = element.textContent ?? '';
  if (!/^\p{Lu}/u.test(text) || text === 'I') return false;
  const before = element.previousSibling?.textContent ?? '';
  return !(element.previousSibling === null || /[.!?…]["'”’)\]]*\s*$/u.test(before));
}

/**
 * `statusOf` gets a lemma and answers 'new', 'learning' or anything else (no mark); `lemmaOf`
 * maps a written form (lower case) to its lemma. With `on` false every mark is taken off.
 */
export function applyBodyMarks(
  root: ParentNode,
  on: boolean,
  lemmaOf: (form: string) => string,
  statusOf: (lemma: string) => string,
): number {
  let marked = 0;
  for (const element of root.querySelectorAll(WORDS)) {
    let status: string | null = null;
    if (on && !isNameInSentence(element)) {
      const form = keyOf(element.textContent ?? '');
      const bare = form.replace(/'s$/, '');
      const found = statusOf(lemmaOf(form) === form ? lemmaOf(bare) : lemmaOf(form));
      if (found === 'new' || found === 'learning') status = found;
    }
    if (status === null) element.removeAttribute('data-status');
    else {
      element.setAttribute('data-status', status);
      marked += 1;
    }
  }
  return marked;
}
