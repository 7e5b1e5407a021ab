/**
 * `?inspect` in the dev server: every actor the app creates reports to the inspector handed
 * down through InspectContext, including the per-route actors and the actors they invoke.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { startInspectorIfAsked } from '../../src/app/inspector-loader';
import { wantsInspector } from '../../src/app/inspector';
import { renderApp } from '../support/render-app';

function machineIdsSeen(events: InspectionEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type !== '@xstate.actor') continue;
    const logic = (event.actorRef as unknown as { logic?: { id?: unknown } }).logic;
    if (typeof logic?.id === 'string') ids.add(logic.id);
  }
  return [...ids].sort();
}

/** The app with an inspector handed down through InspectContext; returns what it receives. */
function renderInspected(path: string) {
  const events: InspectionEvent[] = [];
  renderApp(path, { inspect: (event) => void events.push(event) });
  return events;
}

describe('inspector wiring', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is asked for with ?inspect anywhere in the query string', () => {
    expect(wantsInspector('?inspect')).toBe(true);
    expect(wantsInspector('?q=bikes&inspect=1')).toBe(true);
    expect(wantsInspector('')).toBe(false);
    expect(wantsInspector('?q=inspect')).toBe(false);
  });

  it('connects the language, list and consent actors, and the fetch they invoke, on the list page', async () => {
    const events = renderInspected('/zh/articles');
    await screen.findAllByTestId('article-card');
    expect(machineIdsSeen(events)).toEqual(expect.arrayContaining(['articleList', 'language']));
    // The consent actor comes with its chunk once the page has settled (about a second after load).
    await vi.waitFor(() => expect(machineIdsSeen(events)).toContain('consent'), { timeout: 5000 });
    // Invoked actors report through the same system.
    expect(events.some((event) => event.type === '@xstate.event' && event.event.type === 'xstate.done.actor.fetchArticles')).toBe(true);
  });

  it('connects the analytics actor once consent allows analytics and its chunk has loaded', async () => {
    localStorage.setItem('cookie-consent', '{"essential":true,"analytics":true}');
    try {
      const events = renderInspected('/zh/articles');
      await vi.waitFor(() => expect(machineIdsSeen(events)).toContain('analytics'), { timeout: 5000 });
    } finally {
      localStorage.removeItem('cookie-consent');
    }
  });

  it('connects the detail actor on the article page', async () => {
    const events = renderInspected('/zh/articles/city-bikes');
    await vi.waitFor(() => expect(machineIdsSeen(events)).toContain('articleDetail'), { timeout: 5000 });
  });

  it('runs the app the same when no inspector is handed down', async () => {
    renderApp('/zh/articles');
    expect(await screen.findAllByTestId('article-card')).not.toHaveLength(0);
  });

  it('opens the Stately inspector window only when the URL asks for it', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(startInspectorIfAsked('?q=bikes')).toBeUndefined();
    expect(open).not.toHaveBeenCalled();
    const inspect = startInspectorIfAsked('?inspect');
    expect(inspect).toBeDefined();
    expect(open).toHaveBeenCalledWith(expect.stringContaining('stately.ai'), expect.anything());
  });
});
