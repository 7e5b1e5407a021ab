// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { pageMachine } from '../../../src/machines/page-machine';

function start(path: string) {
  const adoptHead = vi.fn();
  const languages: string[] = [];
  const starts: boolean[] = [];
  const machine = pageMachine.provide({
    actions: {
      adoptHead,
      setDocumentLanguage: (_, { language }) => void languages.push(language),
      startAtTop: (_, { focusMain }) => void starts.push(focusMain),
    },
  });
  const actor = createActor(machine, { input: { path } }).start();
  const go = (to: string) => actor.send({ type: 'LOCATION_CHANGED', path: to });
  return { actor, adoptHead, languages, starts, go };
}

describe('page machine', () => {
  it('takes over the head once and sets the document language at start, without moving the page', () => {
    const { adoptHead, languages, starts } = start('/es/articles');
    expect(adoptHead).toHaveBeenCalledTimes(1);
    expect(languages).toEqual(['es']);
    expect(starts).toEqual([]);
  });

  it('uses the text language: English for a language without texts', () => {
    expect(start('/fr').languages).toEqual(['en']);
    expect(start('/').languages).toEqual(['zh']);
  });

  it('starts a new page at its top with focus on main; a language switch keeps focus where it is', () => {
    const { go, languages, starts } = start('/zh');
    go('/zh/articles');
    go('/es/articles');
    expect(starts).toEqual([true, false]);
    expect(languages).toEqual(['zh', 'zh', 'es']);
  });

  it('leaves the page alone when only the query changes', () => {
    const { go, starts, actor } = start('/zh/articles');
    go('/zh/articles');
    expect(starts).toEqual([]);
    expect(actor.getSnapshot().context.path).toBe('/zh/articles');
  });

  it('leaves the scroll position to the browser after back/forward, then follows links again', () => {
    const { go, actor, starts, languages } = start('/zh/articles');
    actor.send({ type: 'HISTORY_TRAVERSED' });
    expect(actor.getSnapshot().value).toBe('restoring');
    go('/es');
    expect(starts).toEqual([]);
    expect(languages.at(-1)).toBe('es');
    expect(actor.getSnapshot().value).toBe('following');
    go('/es/articles');
    expect(starts).toEqual([true]);
  });

  it('keeps waiting for the page back/forward returns to when only the query changed', () => {
    const { go, actor, starts } = start('/zh/articles');
    actor.send({ type: 'HISTORY_TRAVERSED' });
    go('/zh/articles');
    expect(actor.getSnapshot().value).toBe('restoring');
    go('/zh');
    expect(starts).toEqual([]);
  });
});
