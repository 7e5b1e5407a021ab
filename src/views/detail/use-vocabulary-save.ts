/**
 * Save beside each word of the article's vocabulary list. The list is server-rendered HTML inside
 * the body's shadow root, so the buttons are added when the body is rendered and their clicks
 * arrive as an activation; their label follows the saved words.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { TextLanguage } from '../../../common/languages';
import { isSavedAsPrinted } from '../../machines/saved-words-selectors';
import { savedWordsTextsFor } from '../../domain/saved-words-texts';
import type { SaveSource } from '../../domain/word-to-save';
import { SavedWordsActorContext } from '../words/saved-words-context';
import { ArticleDetailActorContext } from './article-detail-context';
import { bodySentences } from './body-sentences';
import type { BodyActivation } from './isolated-html';

const SAVE_CLASS = 'nr-save-word';

function itemSource(item: Element, container: HTMLElement): SaveSource | null {
  const word = item.querySelector('.nr-vocabulary-word')?.textContent?.trim() ?? '';
  if (word === '') return null;
  const translation = item.querySelector('.nr-vocabulary-translation:not(.nr-vocabulary-missing)')?.textContent ?? null;
  const definition = item.querySelector('.nr-vocabulary-definition')?.textContent ?? null;
  const example = item.querySelector('.nr-vocabulary-example')?.textContent?.trim() ?? '';
  const needle = word.toLowerCase();
  const sentence =
    example !== '' ? example : (bodySentences(container).find(({ text }) => text.toLowerCase().includes(needle))?.text ?? '');
  return { word, lemma: word, gloss: translation, ipa: null, definition, sentence, formOnly: true };
}

function label(button: HTMLElement, saved: boolean, textLanguage: TextLanguage): void {
  const texts = savedWordsTextsFor(textLanguage);
  const word = button.dataset.word ?? '';
  button.textContent = saved ? texts.saved : texts.save;
  button.setAttribute('aria-label', saved ? texts.savedLabel(word) : texts.saveLabel(word));
  button.dataset.saved = String(saved);
}

export function useVocabularySave(textLanguage: TextLanguage): {
  activation: BodyActivation;
  onRendered: (container: HTMLElement) => void;
} {
  const actor = SavedWordsActorContext.useActorRef();
  const words = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.words);
  const article = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article);
  const containerRef = useRef<HTMLElement | null>(null);
  const relabel = useCallback(() => {
    for (const button of containerRef.current?.querySelectorAll<HTMLElement>(`.${SAVE_CLASS}`) ?? []) {
      label(button, isSavedAsPrinted({ words }, button.dataset.word ?? ''), textLanguage);
    }
  }, [textLanguage, words]);

  useEffect(relabel, [relabel]);

  const onRendered = useCallback(
    (container: HTMLElement) => {
      containerRef.current = container;
      for (const dt of container.querySelectorAll('.nr-vocabulary-item dt')) {
        const word = dt.querySelector('.nr-vocabulary-word')?.textContent?.trim() ?? '';
        if (word === '') continue;
        const button = container.ownerDocument.createElement('button');
        button.type = 'button';
        button.className = SAVE_CLASS;
        button.dataset.word = word;
        dt.append(button);
      }
      relabel();
    },
    [relabel],
  );

  const activation: BodyActivation = {
    selector: `.${SAVE_CLASS}`,
    onActivate: (button) => {
      const item = button.closest('.nr-vocabulary-item');
      const container = containerRef.current;
      if (item === null || container === null || article === null) return;
      const source = itemSource(item, container);
      if (source === null) return;
      actor.send({
        type: 'SAVE',
        source,
        article: { textLanguage, articleId: article.id, articleTitle: article.title },
      });
    },
  };
  return { activation, onRendered };
}
