/**
 * The practice route (/{lang}/articles/{id}/practice), loaded on demand: this module, the practice
 * machine, the exercise client and the word store form their own chunks.
 */
import { isRight } from 'fp-ts/Either';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { createExerciseClient } from '../api/exercise-client';
import { decodePathSegment } from '../domain/routing';
import { createBrowserSpeechEngine } from '../platform/speech-engine';
import { PracticeHead } from '../views/head/practice-head';
import { PracticeActorContext, PracticeSpeechContext } from '../views/practice/practice-context';
import { PracticePage } from '../views/practice/practice-page';
import { usePageLanguage } from '../views/use-texts';
import { apiLanguageFor } from '../../common/languages';
import { ExerciseSetCodec, type ExerciseSet } from '../../common/exercise-contract';
import { useInspect } from './inspector';
import { wiredPractice } from './practice-wiring';
import { useServices } from './services';
import { statusStore, wordStore } from './word-store-factory';

export default function PracticeRoute() {
  const inspect = useInspect();
  const params = useParams<{ articleId?: string }>();
  const articleId = decodePathSegment(params.articleId ?? '');
  const language = apiLanguageFor(usePageLanguage());
  const { wordStore: injectedStore, statusStore: injectedStatuses, speech, firstAnswers } = useServices();
  // The set the server rendered the page from, decoded like a fetched one: the first question needs no request,
  // and the page the browser hydrates is the one the server sent. A missing or broken one is fetched.
  const [preloaded] = useState<ExerciseSet | undefined>(() => {
    const decoded = ExerciseSetCodec.decode(firstAnswers?.exerciseSet(articleId, language));
    return isRight(decoded) ? decoded.right : undefined;
  });
  const [missing] = useState(() => firstAnswers?.exercisesMissing(articleId, language) === true);
  const logic = useMemo(
    () =>
      wiredPractice(
        { api: createExerciseClient(), store: injectedStore ?? wordStore, statuses: injectedStatuses ?? statusStore, articleTitle: '' },
        language,
        articleId,
        preloaded,
      ),
    [injectedStore, injectedStatuses, language, articleId, preloaded],
  );
  const engine = useMemo(() => speech ?? createBrowserSpeechEngine(), [speech]);
  const speak = useCallback(
    (sentence: string) => {
      engine.speak(sentence, { voiceId: null, rate: 0.9 }, { onEnd: () => undefined, onError: () => undefined });
    },
    [engine],
  );
  return (
    <PracticeActorContext.Provider
      logic={logic}
      options={{ input: { articleId, language, ...(preloaded ? { preloaded } : {}), ...(missing ? { missing } : {}) }, inspect }}
    >
      <PracticeHead articleId={articleId} />
      <PracticeSpeechContext.Provider value={engine.isSupported() ? speak : null}>
        <PracticePage />
      </PracticeSpeechContext.Provider>
    </PracticeActorContext.Provider>
  );
}
