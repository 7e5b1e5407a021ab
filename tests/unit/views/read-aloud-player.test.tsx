/**
 * The player on the real article page: Play is offered as soon as the body has text (its sentences
 * are found when Play is pressed), and never for a body with nothing to read.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readAloudTextsFor } from '../../../src/domain/read-aloud-texts';
import { articleView, fakeApi } from '../../support/fake-api';
import { fakeSpeech } from '../../support/fake-speech';
import { renderApp } from '../../support/render-app';

const texts = readAloudTextsFor('zh');

async function playButton(body: string) {
  const speech = fakeSpeech();
  const app = renderApp('/zh/articles/city-bikes', { fake: fakeApi({ article: async () => articleView({ body }) }), speech });
  const player = await screen.findByRole('region', { name: texts.title });
  // The voices are there once the status line stops saying so.
  await waitFor(() => expect(within(player).getByTestId('read-aloud-status')).not.toHaveTextContent(texts.loading));
  return { app, speech, play: within(player).getByRole('button', { name: texts.play }) };
}

describe('the read-aloud player', () => {
  it('offers Play for a body with text, and reads its sentences in order from the first press', async () => {
    const { app, speech, play } = await playButton(
      // Each sentence in the mark the server wraps it in (server/content/word-markup.ts).
      '<div class="nr-article-body"><p><span class="nr-s">Ferries run again.</span> <span class="nr-s">The harbour is open.</span></p>' +
        '<p><span class="nr-s">Tickets are cheaper.</span></p></div>',
    );
    expect(play).toBeEnabled();
    await app.user.click(play);
    await waitFor(() => expect(speech.spoken.map(({ text }) => text)).toEqual(['Ferries run again.']));
    expect(screen.getByTestId('read-aloud-status')).toHaveTextContent(texts.sentenceOf(1, 3));
    speech.finish();
    await waitFor(() => expect(speech.spoken.at(-1)?.text).toBe('The harbour is open.'));
  });

  it('does not offer Play for a body with no text to read', async () => {
    const { play } = await playButton('<div class="nr-article-body"><p> </p><figure><img src="/a.png" alt=""></figure></div>');
    expect(play).toBeDisabled();
  });
});
