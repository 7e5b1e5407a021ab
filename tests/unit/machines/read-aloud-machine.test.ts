import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { readAloudWith } from '../../../src/app/read-aloud-wiring';
import { AMERICAN_VOICE, BRITISH_VOICE, fakeSpeech, type FakeSpeech } from '../../support/fake-speech';

const SENTENCES = ['Ships left early.', 'The harbour was quiet.', 'Nobody came back.'];

async function start(speech: FakeSpeech = fakeSpeech(), sentences: readonly string[] = SENTENCES) {
  const actor = createActor(readAloudWith(speech), { input: {} }).start();
  actor.send({ type: 'SENTENCES_READY', sentences });
  await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
  return { actor, speech };
}

const texts = (speech: FakeSpeech) => speech.spoken.map(({ text }) => text);

describe('read-aloud machine', () => {
  it('offers the English voices, British first by default', async () => {
    const { actor } = await start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.voices).toEqual([AMERICAN_VOICE, BRITISH_VOICE]);
    expect(actor.getSnapshot().context.voiceId).toBe(BRITISH_VOICE.id);
  });

  it('says when there is no speech synthesis, or no English voice', async () => {
    const none = await start(fakeSpeech({ supported: false }));
    expect(none.actor.getSnapshot().value).toBe('unsupported');
    expect(none.actor.getSnapshot().context.unsupported).toBe('noSpeech');
    const noVoice = await start(fakeSpeech({ voices: [] }));
    expect(noVoice.actor.getSnapshot().value).toBe('unsupported');
    expect(noVoice.actor.getSnapshot().context.unsupported).toBe('noEnglishVoice');
    noVoice.actor.send({ type: 'PLAY' });
    expect(noVoice.actor.getSnapshot().value).toBe('unsupported');
    expect(noVoice.speech.spoken).toEqual([]);
  });

  it('reads one sentence after another with the chosen voice, and ends after the last', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().value).toEqual({ reading: 'speaking' });
    speech.finish();
    expect(actor.getSnapshot().context.index).toBe(1);
    speech.finish();
    speech.finish();
    expect(actor.getSnapshot().value).toBe('ended');
    expect(texts(speech)).toEqual(SENTENCES);
    expect(speech.spoken.every(({ voiceId, rate }) => voiceId === BRITISH_VOICE.id && rate === 1)).toBe(true);
    actor.send({ type: 'PLAY' });
    expect(texts(speech).at(-1)).toBe(SENTENCES[0]);
  });

  it('pauses and resumes the same utterance; Stop silences it and goes back to the top', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    speech.finish();
    actor.send({ type: 'PAUSE' });
    expect(actor.getSnapshot().value).toEqual({ reading: 'paused' });
    expect(speech.state()).toBe('paused');
    actor.send({ type: 'RESUME' });
    expect(speech.state()).toBe('speaking');
    expect(texts(speech)).toEqual(SENTENCES.slice(0, 2));
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(speech.state()).toBe('silent');
    actor.send({ type: 'PLAY' });
    expect(texts(speech).at(-1)).toBe(SENTENCES[0]);
  });

  it('speaks the sentence again at once with a new speed or voice; while paused, on Resume', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'SET_RATE', rate: 1.25 });
    expect(speech.spoken.at(-1)).toEqual({ text: SENTENCES[0], voiceId: BRITISH_VOICE.id, rate: 1.25 });
    actor.send({ type: 'SET_VOICE', voiceId: AMERICAN_VOICE.id });
    expect(speech.spoken.at(-1)).toEqual({ text: SENTENCES[0], voiceId: AMERICAN_VOICE.id, rate: 1.25 });
    actor.send({ type: 'SET_VOICE', voiceId: 'no-such-voice' });
    expect(actor.getSnapshot().context.voiceId).toBe(AMERICAN_VOICE.id);
    actor.send({ type: 'PAUSE' });
    const before = speech.spoken.length;
    actor.send({ type: 'SET_RATE', rate: 0.75 });
    expect(speech.spoken).toHaveLength(before);
    actor.send({ type: 'RESUME' });
    expect(speech.spoken.at(-1)).toEqual({ text: SENTENCES[0], voiceId: AMERICAN_VOICE.id, rate: 0.75 });
    expect(actor.getSnapshot().value).toEqual({ reading: 'speaking' });
  });

  it('jumps to a sentence, to the next and to the previous one, within the article only', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY_FROM', index: 2 });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'PLAY_FROM', index: 2 });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.index).toBe(2);
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PLAY_FROM', index: 7 });
    expect(actor.getSnapshot().context.index).toBe(0);
    expect(texts(speech)).toEqual([SENTENCES[0], SENTENCES[2], SENTENCES[1], SENTENCES[0]]);
  });

  it('reports a failure, and Play tries the same sentence again', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    speech.finish();
    speech.fail('audio-busy');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('audio-busy');
    actor.send({ type: 'PLAY' });
    expect(texts(speech).at(-1)).toBe(SENTENCES[1]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('says a word of the dictionary entry when nothing is read', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'SAY_WORD', text: '  ' });
    expect(speech.spoken).toEqual([]);
    actor.send({ type: 'SAY_WORD', text: 'harbour' });
    expect(actor.getSnapshot().value).toBe('sayingWord');
    expect(texts(speech)).toEqual(['harbour']);
    speech.finish();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('while reading, pauses the article for the word; Resume reads the interrupted sentence again', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    speech.finish();
    actor.send({ type: 'SAY_WORD', text: 'harbour' });
    expect(actor.getSnapshot().matches({ reading: 'paused' })).toBe(true);
    expect(texts(speech).at(-1)).toBe('harbour');
    speech.finish();
    // The word's end is not the sentence's: reading stays paused on sentence 2.
    expect(actor.getSnapshot().matches({ reading: 'paused' })).toBe(true);
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'RESUME' });
    expect(actor.getSnapshot().matches({ reading: 'speaking' })).toBe(true);
    expect(texts(speech).at(-1)).toBe(SENTENCES[1]);
  });

  it('a new body stops reading and starts over; the actor stopping silences the speech', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    speech.finish();
    actor.send({ type: 'SENTENCES_READY', sentences: ['Another article.'] });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(speech.state()).toBe('silent');
    actor.send({ type: 'PLAY' });
    expect(texts(speech).at(-1)).toBe('Another article.');
    actor.stop();
    expect(speech.state()).toBe('silent');
  });

  it("finds a rendered body's sentences at the first Play only, once, and reads them", async () => {
    const speech = fakeSpeech();
    const actor = createActor(readAloudWith(speech), { input: {} }).start();
    let finds = 0;
    actor.send({ type: 'BODY_RENDERED', findSentences: () => (finds++, SENTENCES) });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(finds).toBe(0);
    expect(actor.getSnapshot().context.sentences).toEqual([]);
    actor.send({ type: 'PLAY' });
    expect(finds).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ reading: 'speaking' });
    expect(texts(speech)).toEqual([SENTENCES[0]]);
    actor.send({ type: 'STOP' });
    actor.send({ type: 'PLAY' });
    expect(finds).toBe(1);
    expect(texts(speech)).toEqual([SENTENCES[0], SENTENCES[0]]);
  });

  it("a body rendered while reading stops it; the next Play reads the new body's sentences", async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'BODY_RENDERED', findSentences: () => ['Another article.', 'Its second sentence.'] });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(speech.state()).toBe('silent');
    actor.send({ type: 'PLAY' });
    expect(texts(speech).at(-1)).toBe('Another article.');
    expect(actor.getSnapshot().context.sentences).toHaveLength(2);
  });

  it('stays idle when the rendered body turns out to have no sentence', async () => {
    const { actor, speech } = await start();
    actor.send({ type: 'BODY_RENDERED', findSentences: () => [] });
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(speech.spoken).toEqual([]);
    expect(actor.getSnapshot().context.findSentences).toBeNull();
  });

  it('does not play an empty article', async () => {
    const { actor, speech } = await start(fakeSpeech(), []);
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(speech.spoken).toEqual([]);
  });
});
