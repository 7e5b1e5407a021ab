/** One practice item as a question: the learner's input stays here until it is sent as ANSWER. */
import { useContext, useId, useState, type FormEvent } from 'react';
import type { GapFill, Listening, Match, WordOrder } from '../../../common/exercise-contract';
import { GAP } from '../../../common/exercise-contract';
import type { PracticeAnswer } from '../../domain/practice';
import type { PracticeTexts } from '../../domain/practice-texts';
import { PracticeSpeechContext } from './practice-context';

type Answer = (answer: PracticeAnswer) => void;

/** The text with its gap drawn as a blank the screen reader names. */
function Gapped({ text }: { text: string }) {
  const [before, after] = text.split(GAP);
  return (
    <p className="nr-practice-sentence">
      {before}
      <span className="nr-practice-gap" aria-label="blank">
        ______
      </span>
      {after}
    </p>
  );
}

export function GapFillQuestion({ item, texts, onAnswer }: { item: GapFill; texts: PracticeTexts; onAnswer: Answer }) {
  return (
    <div>
      <p className="nr-practice-prompt">{texts.gapFillPrompt}</p>
      <Gapped text={item.text} />
      <div className="nr-practice-options" role="group" aria-label={texts.gapFillPrompt}>
        {item.options.map((option) => (
          <button key={option} type="button" className="nr-practice-option" onClick={() => onAnswer({ kind: 'choice', text: option })}>
            {option}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ListeningQuestion({ item, texts, onAnswer }: { item: Listening; texts: PracticeTexts; onAnswer: Answer }) {
  const speak = useContext(PracticeSpeechContext);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer({ kind: 'typed', text: typed });
  };
  return (
    <form onSubmit={submit}>
      <p className="nr-practice-prompt">{texts.listeningPrompt}</p>
      {speak !== null && (
        <button type="button" className="nr-practice-play" onClick={() => speak(item.sentence)}>
          {texts.play}
        </button>
      )}
      <Gapped text={item.text} />
      <label htmlFor={inputId}>{texts.typedLabel}</label>{' '}
      <input
        id={inputId}
        className="nr-practice-input"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />{' '}
      <button type="submit">{texts.check}</button>
    </form>
  );
}

export function WordOrderQuestion({ item, texts, onAnswer }: { item: WordOrder; texts: PracticeTexts; onAnswer: Answer }) {
  // Indices into item.tiles, in the order placed.
  const [placed, setPlaced] = useState<readonly number[]>([]);
  const left = item.tiles.map((tile, index) => ({ tile, index })).filter(({ index }) => !placed.includes(index));
  return (
    <div>
      <p className="nr-practice-prompt">{texts.wordOrderPrompt}</p>
      <p className="nr-practice-built" aria-live="polite">
        <span className="visually-hidden">{texts.builtLabel}: </span>
        {placed.map((index) => item.tiles[index]).join(' ') || '…'}
      </p>
      <div className="nr-practice-tiles" role="group" aria-label={texts.tilesLabel}>
        {left.map(({ tile, index }) => (
          <button key={index} type="button" className="nr-practice-tile" onClick={() => setPlaced([...placed, index])}>
            {tile}
          </button>
        ))}
      </div>
      <div className="nr-practice-actions">
        <button type="button" disabled={placed.length === 0} onClick={() => setPlaced(placed.slice(0, -1))}>
          {texts.undoTile}
        </button>{' '}
        <button type="button" disabled={placed.length === 0} onClick={() => setPlaced([])}>
          {texts.clearTiles}
        </button>{' '}
        <button
          type="button"
          disabled={left.length > 0}
          onClick={() => onAnswer({ kind: 'order', tiles: placed.map((index) => item.tiles[index]!) })}
        >
          {texts.check}
        </button>
      </div>
    </div>
  );
}

export function MatchQuestion({ item, texts, onAnswer }: { item: Match; texts: PracticeTexts; onAnswer: Answer }) {
  const [chosen, setChosen] = useState<readonly (number | null)[]>(item.pairs.map(() => null));
  const baseId = useId();
  const complete = chosen.every((choice) => choice !== null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onAnswer({ kind: 'pairs', glosses: chosen as number[] });
      }}
    >
      <p className="nr-practice-prompt">{texts.matchPrompt}</p>
      <ul className="nr-practice-match">
        {item.pairs.map((pair, index) => (
          <li key={pair.lemma}>
            <label htmlFor={`${baseId}-${index}`} lang="en">
              {pair.lemma}
            </label>{' '}
            <select
              id={`${baseId}-${index}`}
              value={chosen[index] === null ? '' : String(chosen[index])}
              onChange={(event) =>
                setChosen(
                  chosen.map((choice, at) => (at === index ? (event.target.value === '' ? null : Number(event.target.value)) : choice)),
                )
              }
            >
              <option value="">{texts.chooseMeaning}</option>
              {item.gloss_order.map((glossIndex) => (
                <option key={glossIndex} value={glossIndex}>
                  {item.pairs[glossIndex]!.gloss}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <button type="submit" disabled={!complete}>
        {texts.check}
      </button>
    </form>
  );
}
