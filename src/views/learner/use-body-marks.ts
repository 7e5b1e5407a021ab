import { useCallback, useEffect, useState } from 'react';
import { applyBodyMarks } from './body-marks';
import { statusOf } from '../../domain/word-status';
import { LemmaInventoryActorContext, WordStatusActorContext } from './learner-contexts';

/**
 * Marks the body's new and learning words while the marking switch is on (only words the
 * article's inventory counts: never names). Returns the callback the body calls once rendered.
 */
export function useBodyMarks(articleId: string | null): (container: HTMLElement) => void {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const statuses = WordStatusActorContext.useSelector((snapshot) => (snapshot.matches('ready') ? snapshot.context.statuses : null));
  const marking = WordStatusActorContext.useSelector((snapshot) => snapshot.context.marking);
  const inventory = LemmaInventoryActorContext.useSelector((snapshot) =>
    articleId === null ? undefined : snapshot.context.inventories[articleId],
  );
  const forms = LemmaInventoryActorContext.useSelector((snapshot) => snapshot.context.forms);

  useEffect(() => {
    if (container === null) return;
    const counted = new Set(inventory?.lemmas.map(([lemma]) => lemma));
    const on = marking && statuses !== null && inventory !== undefined;
    applyBodyMarks(
      container,
      on,
      (form) => forms[form] ?? form,
      (lemma) => (counted.has(lemma) && statuses !== null ? statusOf(statuses, lemma) : 'none'),
    );
  }, [container, statuses, marking, inventory, forms]);

  return useCallback((rendered: HTMLElement) => setContainer(rendered), []);
}
