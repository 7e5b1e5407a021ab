/**
 * Model-based UI test of read-aloud: every shortest path of the production read-aloud machine
 * runs on the real article page (detail route, real sanitiser, real sentence finding) with a fake
 * speech engine whose voices and utterance ends the path decides. At every state the player must
 * show what the state promises, the body's host must name the sentence being read, and the engine
 * must be saying (or have paused on) that sentence.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DictionaryApi } from '../../src/api/dictionary-client';
import type { SpeechVoice } from '../../src/domain/read-aloud';
import { readAloudTextsFor } from '../../src/domain/read-aloud-texts';
import { LOAD_VOICES_ID, type LoadedVoices, type ReadAloudContext } from '../../src/machines/read-aloud-machine';
import { READING_SENTENCE_ATTRIBUTE } from '../../src/views/detail/use-read-aloud-body';
import { LOOKUP_ENTRY, modelNamed, READ_ALOUD_SENTENCES, READ_ALOUD_VOICES, READ_ALOUD_WORD } from './models';
import { articleView, deferred, fakeApi } from '../support/fake-api';
import { fakeSpeech, type FakeSpeech } from '../support/fake-speech';
import { renderApp } from '../support/render-app';
import { field, nextStep, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('read-aloud');
const [scenario] = model.scenarios;
const language = 'zh';
const texts = readAloudTextsFor(language);

/** The body as the server renders it; its sentences are the model's. */
const BODY =
  '<h1 class="nr-article-title"><span class="nr-w">Harbour</span> <span class="nr-w">reopens</span></h1>' +
  '<div class="nr-article-body"><p><span class="nr-w">Ships</span> <span class="nr-w">left</span> <span class="nr-w">the</span> ' +
  '<button type="button" class="nr-vocab-word">harbour</button> <span class="nr-w">early</span>.</p>' +
  '<p><span class="nr-w">“Stop!”</span> <span class="nr-w">she</span> <span class="nr-w">said</span>.</p></div>';

const host = () => screen.getByTestId('article-body-host');
const player = () => screen.getByRole('region', { name: texts.title });
const wordIn = (sentence: number) =>
  host().shadowRoot!.querySelectorAll<HTMLElement>('p')[sentence - 1]!.querySelector<HTMLElement>('.nr-w')!;

describe('read-aloud: every shortest path on the real article page', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    let speech: FakeSpeech | undefined;
    const voices = deferred<SpeechVoice[]>();
    const dictionary: DictionaryApi = { lookUpWord: async () => ({ ...LOOKUP_ENTRY, query: READ_ALOUD_WORD, lemma: READ_ALOUD_WORD }) };
    let app: ReturnType<typeof renderApp> | undefined;

    async function expectScreen(snapshot: AnyMachineSnapshot) {
      const context = snapshot.context as ReadAloudContext;
      await waitFor(() => {
        const region = within(player());
        // The player has the same parts in every state (its height never changes); what is not said is invisible.
        const shown = (text: string) => region.getByText(text);
        if (snapshot.matches('loading')) {
          // Without speech synthesis there is nothing to wait for: the player may say so at once.
          if (speech!.isSupported()) expect(screen.getByTestId('read-aloud-status')).toHaveTextContent(texts.loading);
          else expect(shown(texts.noSpeech)).toBeVisible();
          expect(region.getByRole('button', { name: texts.play })).toBeDisabled();
          return;
        }
        if (snapshot.matches('unsupported')) {
          const reason = context.unsupported === 'noSpeech' ? texts.noSpeech : texts.noEnglishVoice;
          const other = context.unsupported === 'noSpeech' ? texts.noEnglishVoice : texts.noSpeech;
          expect(shown(reason)).toBeVisible();
          expect(shown(other)).not.toBeVisible();
          expect(shown(texts.clickHint)).not.toBeVisible();
          expect(region.getByRole('button', { name: texts.play })).toBeDisabled();
          expect(region.getByRole('combobox')).toBeDisabled();
          return;
        }
        const reading = snapshot.matches('reading');
        const main = snapshot.matches({ reading: 'speaking' })
          ? texts.pause
          : snapshot.matches({ reading: 'paused' })
            ? texts.resume
            : texts.play;
        expect(region.getByRole('button', { name: main })).toBeEnabled();
        expect(region.getByRole('button', { name: texts.stop })).toHaveAttribute('aria-disabled', String(!reading));
        expect(host().getAttribute(READING_SENTENCE_ATTRIBUTE)).toBe(reading ? String(context.index) : null);
        const status = screen.getByTestId('read-aloud-status');
        const total = READ_ALOUD_SENTENCES.length;
        if (snapshot.matches({ reading: 'speaking' })) {
          expect(status).toHaveTextContent(texts.sentenceOf(context.index + 1, total));
          expect(speech!.state()).toBe('speaking');
          expect(speech!.spoken.at(-1)?.text).toBe(READ_ALOUD_SENTENCES[context.index]);
        } else if (snapshot.matches({ reading: 'paused' })) {
          expect(status).toHaveTextContent(texts.paused(context.index + 1, total));
          expect(speech!.state()).toBe('paused');
        } else if (snapshot.matches('ended')) {
          expect(status).toHaveTextContent(texts.ended);
        } else if (snapshot.matches('failed')) {
          expect(status).toHaveTextContent(texts.failed);
        } else if (snapshot.matches('sayingWord')) {
          expect(speech!.spoken.at(-1)?.text).toBe(READ_ALOUD_WORD);
          expect(speech!.state()).toBe('speaking');
        } else {
          expect(snapshot.matches('idle')).toBe(true);
          expect(status).toHaveTextContent(/^$/);
        }
      });
    }

    async function execute(step: Step) {
      const { event } = step;
      const user = app?.user;
      switch (event.type) {
        case 'xstate.init': {
          // The next step says what the browser offers; the voices arrive when that step runs.
          const next = nextStep(path, step)?.event;
          const offered = next === undefined ? { supported: true } : field<LoadedVoices>(next, 'output');
          speech = fakeSpeech({ supported: offered.supported, voices: READ_ALOUD_VOICES });
          speech.voices = () => voices.promise;
          app = renderApp(`/${language}/articles/city-bikes`, {
            fake: fakeApi({ article: async () => articleView({ body: BODY }) }),
            dictionary,
            speech,
          });
          await waitFor(() => expect(host().shadowRoot?.querySelector('.nr-w')).not.toBeNull());
          return;
        }
        case `xstate.done.actor.${LOAD_VOICES_ID}`:
          await act(async () => voices.resolve([...field<LoadedVoices>(event, 'output').voices]));
          return;
        case 'PLAY':
          await user!.click(within(player()).getByRole('button', { name: texts.play }));
          return;
        case 'PAUSE':
          await user!.click(within(player()).getByRole('button', { name: texts.pause }));
          return;
        case 'RESUME':
          await user!.click(within(player()).getByRole('button', { name: texts.resume }));
          return;
        case 'STOP':
          await user!.click(within(player()).getByRole('button', { name: texts.stop }));
          expect(within(player()).getByRole('button', { name: texts.play })).toHaveFocus();
          return;
        case 'NEXT':
          await user!.click(within(player()).getByRole('button', { name: texts.next }));
          return;
        case 'PREVIOUS':
          await user!.click(within(player()).getByRole('button', { name: texts.previous }));
          return;
        case 'PLAY_FROM':
          // A click on a word of the sentence (the title is sentence 0, then one sentence per paragraph).
          await user!.click(wordIn(field<number>(event, 'index')));
          expect(screen.queryByRole('dialog'), 'a click while reading does not look the word up').toBeNull();
          return;
        case 'SET_RATE':
          await user!.click(within(player()).getByRole('radio', { name: texts.rate(field<number>(event, 'rate')) }));
          return;
        case 'SET_VOICE': {
          const voice = READ_ALOUD_VOICES.find(({ id }) => id === field<string>(event, 'voiceId'))!;
          await user!.selectOptions(
            within(player()).getByRole('combobox', { name: texts.voice }),
            `${texts.accent[voice.accent]} · ${voice.name}`,
          );
          return;
        }
        case 'SAY_WORD': {
          // From the look-up field (a click on the body would move the reading there), then the entry's listen button.
          await user!.clear(screen.getByRole('searchbox'));
          await user!.type(screen.getByRole('searchbox'), `${field<string>(event, 'text')}{Enter}`);
          const entry = await screen.findByRole('dialog');
          await user!.click(await within(entry).findByRole('button', { name: texts.hearWord(READ_ALOUD_WORD) }));
          await user!.keyboard('{Escape}');
          return;
        }
        case 'SENTENCE_ENDED':
          act(() => speech!.finish());
          return;
        case 'SPEECH_FAILED':
          act(() => speech!.fail(field<string>(event, 'error')));
          return;
        default:
          throw new Error(`The read-aloud test does not know how ${event.type} happens`);
      }
    }

    await runPath(path, execute, expectScreen);
  });
});
