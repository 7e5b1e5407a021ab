/**
 * Read-aloud belongs to the article it reads: moving to another article in the same route (Back,
 * Forward, a link) must silence the first one, even before the second has loaded.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readAloudTextsFor } from '../../../src/domain/read-aloud-texts';
import { articleView, deferred, fakeApi } from '../../support/fake-api';
import { fakeSpeech } from '../../support/fake-speech';
import { renderApp } from '../../support/render-app';
import type { ArticleView } from '../../../src/domain/article';

const texts = readAloudTextsFor('zh');
const BODY =
  '<article class="nr-article"><h1 class="nr-article-title">City bikes are back</h1><div class="nr-article-body">' +
  '<p><span class="nr-w">Bikes</span> returned. <span class="nr-w">Riders</span> cheered.</p></div></article>';

describe('read-aloud and moving to another article', () => {
  it('stops speaking the first article as soon as the next one starts loading', async () => {
    const speech = fakeSpeech();
    const second = deferred<ArticleView>();
    const app = renderApp('/zh/articles/city-bikes', {
      fake: fakeApi({ article: (id) => (id === 'city-bikes' ? Promise.resolve(articleView({ body: BODY })) : second.promise) }),
      speech,
    });
    const player = await screen.findByRole('region', { name: texts.title });
    const play = await within(player).findByRole('button', { name: texts.play });
    await app.user.click(play);
    await waitFor(() => expect(speech.state()).toBe('speaking'));
    expect(speech.spoken.at(-1)?.text).toBe('City bikes are back');

    act(() => app.memory.navigate('/zh/articles/harbour-ferries'));
    await waitFor(() => expect(speech.state()).toBe('silent'));
    expect(screen.queryByRole('region', { name: texts.title })).toBeNull();
  });
});
