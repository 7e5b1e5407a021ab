/**
 * The detail route, loaded on demand (React.lazy): this module, the detail view and machine and the
 * reading-progress machine form their own chunk and never load with the home page; DOMPurify (through
 * the sanitiser) is a chunk of its own, loaded when a body is first sanitised (decision 28). It mounts three actors: the article (detail), the word look-up, and
 * the learner's visit (reading progress), which follows the article through the detail actor's
 * articleShown/articleLeft actions; their wiring is in article-wiring.ts.
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { apiLanguageFor, textLanguageFor } from '../../common/languages';
import { decodePathSegment, languageFromPath } from '../domain/routing';
import { createDictionaryClient } from '../api/dictionary-client';
import { readAloudWith } from './read-aloud-wiring';
import { consoleLogger } from '../platform/logger';
import { createBrowserSpeechEngine } from '../platform/speech-engine';
import { useTrack } from '../views/consent/tracking-context';
import { ArticleDetailActorContext } from '../views/detail/article-detail-context';
import { ArticleDetailPage } from '../views/detail/article-detail-page';
import { ReadAloudActorContext } from '../views/detail/read-aloud-context';
import { WordLookupActorContext } from '../views/detail/word-lookup-context';
import { DetailHead } from '../views/head/detail-head';
import { useSiteOrigin } from '../views/head/site-origin';
import { SavedWordsActorContext } from '../views/words/saved-words-context';
import { useInspect } from './inspector';
import { sanitiserOnFirstUse, wiredArticleDetail, wiredReadingProgress, wiredWordLookup } from './article-wiring';
import { useLocationFeed } from './location-provider';
import { wiredSavedWords } from './saved-words-wiring';
import { statusStore as browserStatusStore, wordStore as browserStore } from './word-store-factory';
import { wiredLemmaInventory, wiredWordStatus } from './learner-wiring';
import { createLemmaClient } from '../api/lemma-client';
import { RankStatusesKeeper } from './rank-statuses-keeper';
import { LemmaInventoryActorContext, WordStatusActorContext } from '../views/learner/learner-contexts';
import { useServices } from './services';

export default function ArticleDetailRoute() {
  const {
    api,
    reload,
    sanitiser: injectedSanitiser,
    dictionary: injectedDictionary,
    speech,
    logger = consoleLogger,
    wordStore,
    statusStore,
    lemmas,
    firstAnswers,
  } = useServices();
  const params = useParams<{ articleId?: string }>();
  const [path] = useLocation();
  const language = languageFromPath(path);
  const articleId = decodePathSegment(params.articleId ?? '');
  const inspect = useInspect();
  const feed = useLocationFeed();
  const track = useTrack();

  const readingLogic = useMemo(() => wiredReadingProgress(feed, track), [feed, track]);
  const reading = useActorRef(readingLogic, { inspect });

  // Loaded at the first body to sanitise: a server-rendered article needs none.
  const sanitiser = useMemo(
    () => (injectedSanitiser === undefined ? sanitiserOnFirstUse() : () => Promise.resolve(injectedSanitiser)),
    [injectedSanitiser],
  );
  // A server-rendered article starts the page loaded, with the body the server sanitised
  // (strict-markup.ts) and wrote into the page: where the browser parsed the declarative shadow root
  // it is already live there, and sanitising it again would protect nothing and cost a long task on a
  // phone (decision 15). Where the template stayed inert (browsers before declarative shadow roots),
  // the same server-sanitised string is written by the app (decision 28); every body the app fetches
  // itself is sanitised by DOMPurify first.
  const [initial] = useState(() => {
    const article = firstAnswers?.article(articleId, apiLanguageFor(language));
    if (article === undefined) return undefined;
    return { article, html: article.body ?? null };
  });
  // A server-rendered missing article starts with the API's 404, as the server showed it.
  const [initialError] = useState(() => firstAnswers?.articleError(articleId, apiLanguageFor(language)));

  const logic = useMemo(
    () => wiredArticleDetail({ api, reload, sanitiser, logger, feed, reading }),
    [api, reload, sanitiser, logger, feed, reading],
  );

  const dictionary = useMemo(() => injectedDictionary ?? createDictionaryClient(), [injectedDictionary]);
  const lookupLogic = useMemo(() => wiredWordLookup(dictionary), [dictionary]);
  const textLanguage = textLanguageFor(language);
  const readAloudLogic = useMemo(() => readAloudWith(speech ?? createBrowserSpeechEngine()), [speech]);
  const origin = useSiteOrigin();
  // A word saved from the vocabulary list is looked up first, so it is kept under its dictionary form as the entry's Save keeps it.
  const savedWordsLogic = useMemo(
    () => wiredSavedWords(wordStore ?? browserStore, origin, { lookUp: (word, language) => dictionary.lookUpWord(word, language) }),
    [wordStore, origin, dictionary],
  );

  const wordStatusLogic = useMemo(() => wiredWordStatus(statusStore ?? browserStatusStore), [statusStore]);
  const lemmaApi = useMemo(() => lemmas ?? createLemmaClient(), [lemmas]);
  const inventoryLogic = useMemo(() => wiredLemmaInventory(lemmaApi), [lemmaApi]);

  return (
    <ArticleDetailActorContext.Provider
      logic={logic}
      options={{ input: { articleId, language, ...(initial ? { initial } : {}), ...(initialError ? { initialError } : {}) }, inspect }}
    >
      <DetailHead articleId={articleId} />
      {/* A new text language starts a fresh look-up actor: an entry never shows in the old language. */}
      <WordLookupActorContext.Provider key={textLanguage} logic={lookupLogic} options={{ input: { language: textLanguage }, inspect }}>
        <ReadAloudActorContext.Provider logic={readAloudLogic} options={{ input: {}, inspect }}>
          <SavedWordsActorContext.Provider logic={savedWordsLogic} options={{ input: {}, inspect }}>
            <WordStatusActorContext.Provider logic={wordStatusLogic} options={{ input: {}, inspect }}>
              <RankStatusesKeeper lemmas={lemmaApi} />
              {/* A new article starts a fresh inventory actor, asking for that article's lemmas and forms. */}
              <LemmaInventoryActorContext.Provider
                key={articleId}
                logic={inventoryLogic}
                options={{ input: { ids: [articleId], withForms: true }, inspect }}
              >
                <ArticleDetailPage />
              </LemmaInventoryActorContext.Provider>
            </WordStatusActorContext.Provider>
          </SavedWordsActorContext.Provider>
        </ReadAloudActorContext.Provider>
      </WordLookupActorContext.Provider>
    </ArticleDetailActorContext.Provider>
  );
}
