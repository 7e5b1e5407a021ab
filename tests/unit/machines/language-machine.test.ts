import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { languageMachine, type NavigateParams } from '../../../src/machines/language-machine';

function start(path: string, search = '') {
  const navigate = vi.fn<(to: string) => void>();
  const machine = languageMachine.provide({
    actions: { navigate: (_, params: NavigateParams) => navigate(params.to) },
  });
  const actor = createActor(machine, { input: { path, search } }).start();
  return { actor, navigate };
}

describe('language machine', () => {
  it.each([
    ['/', 'zh'],
    ['/es', 'es'],
    ['/en/articles', 'en'],
    ['/fr/articles/abc', 'fr'],
    ['/articles', 'zh'],
    ['/foo/bar', 'zh'],
  ])('takes the language of %s as %s', (path, language) => {
    const { actor } = start(path);
    expect(actor.getSnapshot().context.language).toBe(language);
    expect(actor.getSnapshot().value).toBe('selectorClosed');
  });

  it('follows the URL on back/forward (LOCATION_CHANGED)', () => {
    const { actor, navigate } = start('/es/articles');
    actor.send({ type: 'LOCATION_CHANGED', path: '/zh/articles', search: 'q=bike' });
    expect(actor.getSnapshot().context).toEqual({ language: 'zh', path: '/zh/articles', search: 'q=bike' });
    actor.send({ type: 'LOCATION_CHANGED', path: '/' });
    expect(actor.getSnapshot().context.language).toBe('zh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toggles the selector open and closed, and closes on SELECTOR_CLOSED', () => {
    const { actor } = start('/zh');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    expect(actor.getSnapshot().value).toBe('selectorOpen');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    expect(actor.getSnapshot().value).toBe('selectorClosed');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'SELECTOR_CLOSED' });
    expect(actor.getSnapshot().value).toBe('selectorClosed');
  });

  it('replaces the language segment, keeps the rest of the path and the query, and closes', async () => {
    const { actor, navigate } = start('/zh/articles', 'q=bike&x=1');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'LANGUAGE_SELECTED', language: 'es' });
    // The chosen language's texts load first (the default loadTexts resolves at once).
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/es/articles?q=bike&x=1');
    expect(actor.getSnapshot().value).toBe('selectorClosed');
    expect(actor.getSnapshot().context.language).toBe('es');
  });

  it('prepends a language segment when the path has none', async () => {
    const { actor, navigate } = start('/');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'LANGUAGE_SELECTED', language: 'es' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/es'));
  });

  it('replaces a language without texts (/fr) too', async () => {
    const { actor, navigate } = start('/fr/articles/abc');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'LANGUAGE_SELECTED', language: 'zh' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/zh/articles/abc'));
  });

  it('only closes when the current or a not-offered language is chosen', () => {
    const { actor, navigate } = start('/zh');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'LANGUAGE_SELECTED', language: 'zh' });
    expect(actor.getSnapshot().value).toBe('selectorClosed');
    actor.send({ type: 'SELECTOR_TOGGLED' });
    actor.send({ type: 'LANGUAGE_SELECTED', language: 'ja' });
    expect(actor.getSnapshot().value).toBe('selectorClosed');
    expect(actor.getSnapshot().context.language).toBe('zh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores a choice while the selector is closed', () => {
    const { actor, navigate } = start('/zh');
    actor.send({ type: 'LANGUAGE_SELECTED', language: 'es' });
    expect(navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.language).toBe('zh');
  });
});
