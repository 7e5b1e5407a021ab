import { useId, useRef, type CSSProperties, type ReactNode, type SyntheticEvent } from 'react';
import type { TextLanguage } from '../../../common/languages';
import { orderedVoices, READ_ALOUD_RATES, type ReadAloudRate } from '../../domain/read-aloud';
import { readAloudTextsFor, type ReadAloudTexts } from '../../domain/read-aloud-texts';
import { ReadAloudActorContext } from './read-aloud-context';

type PlayerStatus = 'loading' | 'unsupported' | 'idle' | 'speaking' | 'paused' | 'ended' | 'failed';

function usePlayerStatus(): PlayerStatus {
  return ReadAloudActorContext.useSelector((snapshot): PlayerStatus => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('unsupported')) return 'unsupported';
    if (snapshot.matches({ reading: 'speaking' })) return 'speaking';
    if (snapshot.matches({ reading: 'paused' })) return 'paused';
    if (snapshot.matches('ended')) return 'ended';
    if (snapshot.matches('failed')) return 'failed';
    return 'idle';
  });
}

function statusLine(status: PlayerStatus, position: number, total: number, texts: ReadAloudTexts): string {
  switch (status) {
    case 'speaking':
      return texts.sentenceOf(position, total);
    case 'paused':
      return texts.paused(position, total);
    case 'ended':
      return texts.ended;
    case 'failed':
      return texts.failed;
    default:
      return '';
  }
}

function Settings({ texts, disabled }: { texts: ReadAloudTexts; disabled: boolean }) {
  const actor = ReadAloudActorContext.useActorRef();
  const voices = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.voices);
  const voiceId = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.voiceId);
  const rate = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.rate);
  const selectId = useId();
  const rateName = useId();
  return (
    <div className="read-aloud-settings">
      <div className="read-aloud-voice">
        <label htmlFor={selectId}>{texts.voice}</label>
        <select
          id={selectId}
          value={voiceId ?? ''}
          disabled={disabled}
          onChange={(event) => actor.send({ type: 'SET_VOICE', voiceId: event.target.value })}
        >
          {orderedVoices(voices).map((voice) => (
            <option key={voice.id} value={voice.id}>
              {`${texts.accent[voice.accent]} · ${voice.name}`}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="read-aloud-speed">
        <legend>{texts.speed}</legend>
        {READ_ALOUD_RATES.map((option: ReadAloudRate) => (
          <label key={option}>
            <input
              type="radio"
              name={rateName}
              value={option}
              checked={rate === option}
              disabled={disabled}
              onChange={() => actor.send({ type: 'SET_RATE', rate: option })}
            />
            {texts.rate(option)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** Invisible (and out of the accessibility tree) but still taking its room. */
function shownIf(shown: boolean): CSSProperties | undefined {
  return shown ? undefined : { visibility: 'hidden' };
}

/**
 * A control that can be unavailable for a moment (Previous on the first sentence, Stop once reading
 * ends): aria-disabled rather than disabled, so a button that has focus keeps it instead of
 * dropping the keyboard learner to the top of the page.
 */
function ControlButton({ label, enabled, onPress }: { label: string; enabled: boolean; onPress: () => void }) {
  return (
    <button type="button" className="button" aria-disabled={!enabled} onClick={() => enabled && onPress()}>
      {label}
    </button>
  );
}

const TOOLS_GROUP = 'reading-tools';

/**
 * Opening one of the phone toolbar's disclosures closes the other: they open into the same place. The shared
 * `name` makes them an exclusive group, closed by the browser at once; this handler does it where `name` is not
 * supported. It alone was not enough: its toggle event is queued, and a key pressed meanwhile (input runs first)
 * could close the panel just opened first, leaving the other open.
 */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  opened.parentElement?.querySelectorAll('details[open]').forEach((other) => other !== opened && other.removeAttribute('open'));
}

/**
 * The reading tools. On a wide screen, the read-aloud player above the article body: Play / Pause /
 * Resume in one button (focus stays on it), Stop, the previous and next sentence, a polite status
 * line saying which sentence is read, the voice and the speed. On a phone (read-aloud.css), a compact
 * toolbar fixed to the bottom of the screen: Play / Pause, the status (or, once, why the browser
 * cannot read aloud), "Look up" (the look-up field, rendered beside the player, opens above the bar),
 * `switches` (a slot for more reading switches) and "More" (the other controls and the settings);
 * both are <details> disclosures, so they work by touch and keyboard without code of their own.
 * Every state has the same parts, disabled until the voices are there, so the player keeps its size
 * from the server's HTML to the first sentence read: the article never jumps.
 */
export function ReadAloudPlayer({ language, switches }: { language: TextLanguage; switches?: ReactNode }) {
  const texts = readAloudTextsFor(language);
  const actor = ReadAloudActorContext.useActorRef();
  const status = usePlayerStatus();
  const unsupported = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.unsupported);
  const index = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.index);
  const total = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.sentences.length);
  // A rendered body's sentences are found at the first Play.
  const sentencesToFind = ReadAloudActorContext.useSelector((snapshot) => snapshot.context.findSentences !== null);
  const titleId = useId();
  const mainButton = useRef<HTMLButtonElement>(null);
  const reading = status === 'speaking' || status === 'paused';

  const available = status !== 'loading' && status !== 'unsupported';
  const main =
    status === 'speaking'
      ? { label: texts.pause, event: { type: 'PAUSE' } as const }
      : status === 'paused'
        ? { label: texts.resume, event: { type: 'RESUME' } as const }
        : { label: texts.play, event: { type: 'PLAY' } as const };
  const missing = status !== 'unsupported' ? null : unsupported === 'noEnglishVoice' ? texts.noEnglishVoiceShort : texts.noSpeechShort;

  return (
    <section className="read-aloud" aria-labelledby={titleId} lang={language} data-status={status}>
      <p id={titleId} className="read-aloud-title">
        {texts.title}
      </p>
      <div className="read-aloud-row">
        <div className="read-aloud-controls">
          <button
            ref={mainButton}
            type="button"
            className="button button-primary read-aloud-main"
            disabled={!available || (total === 0 && !sentencesToFind)}
            onClick={() => actor.send(main.event)}
          >
            {main.label}
          </button>
          {/* The phone's toolbar says why it cannot read in a few words, once, beside the play button;
              wide screens give the full reason under the settings. */}
          {missing !== null ? <p className="read-aloud-missing">{missing}</p> : null}
          <p className="read-aloud-status" role="status" aria-live="polite" data-testid="read-aloud-status">
            {status === 'loading' ? texts.loading : statusLine(status, index + 1, total, texts)}
          </p>
          <details className="tools-toggle tools-lookup" name={TOOLS_GROUP} onToggle={closeOthers}>
            <summary className="button">{texts.lookUp}</summary>
          </details>
          {switches}
          <details className="tools-toggle tools-more" name={TOOLS_GROUP} onToggle={closeOthers}>
            <summary className="button">{texts.more}</summary>
          </details>
        </div>
        <div className="read-aloud-steps">
          <ControlButton
            label={texts.stop}
            enabled={reading}
            onPress={() => {
              actor.send({ type: 'STOP' });
              // Stop is unavailable now; focus goes to Play rather than stay on it.
              mainButton.current?.focus();
            }}
          />
          <ControlButton label={texts.previous} enabled={reading && index > 0} onPress={() => actor.send({ type: 'PREVIOUS' })} />
          <ControlButton label={texts.next} enabled={reading && index + 1 < total} onPress={() => actor.send({ type: 'NEXT' })} />
        </div>
      </div>
      <Settings texts={texts} disabled={!available} />
      {/* The hint and the two reasons share one place, the unshown ones invisible: it is as tall as the longest in every state. */}
      <div className="read-aloud-notes">
        <p className="read-aloud-hint" style={shownIf(status !== 'unsupported')}>
          {texts.clickHint}
        </p>
        <p className="read-aloud-unsupported" style={shownIf(status === 'unsupported' && unsupported === 'noSpeech')}>
          {texts.noSpeech}
        </p>
        <p className="read-aloud-unsupported" style={shownIf(status === 'unsupported' && unsupported === 'noEnglishVoice')}>
          {texts.noEnglishVoice}
        </p>
      </div>
    </section>
  );
}

/** The entry's listen button: says the word with the chosen voice; absent where the browser cannot. */
export function HearWordButton({ word, language }: { word: string; language: TextLanguage }) {
  const actor = ReadAloudActorContext.useActorRef();
  const available = ReadAloudActorContext.useSelector((snapshot) => !snapshot.matches('loading') && !snapshot.matches('unsupported'));
  if (!available) return null;
  const label = readAloudTextsFor(language).hearWord(word);
  return (
    <button
      type="button"
      className="word-entry-hear"
      aria-label={label}
      title={label}
      onClick={() => actor.send({ type: 'SAY_WORD', text: word })}
    >
      <span aria-hidden="true">🔊</span>
    </button>
  );
}
