/**
 * The detail route, loaded on demand (React.lazy): this module, the detail view and machine and the
 * reading-progress machine form their own chunk and never load with the home page; DOMPurify (through
 * the sanitiser) is a chunk of its own, loaded when a body is first sanitised (decision 28). It mounts three actors: the article (detail), the word look-up, and
 * the learner's visit (reading progress), which follows the article through the detail actor's
 * articleShown/articleLeft actions.
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import type { ArticleView } from '../domain/article';
import { apiLanguageFor, textLanguageFor } from '../../common/languages';
import { decodePathSegment, languageFromPath, pageAt } from '../domain/routing';
import type { WordEntry } from '../domain/word-lookup';
import { createDictionaryClient } from '../api/dictionary-client';
import { articleDetailMachine, type ArticleRequest, type SanitisedBody } from '../machines/article-detail-machine';
import { readAloudWith } from './read-aloud-wiring';
import { readingProgressMachine } from '../machines/reading-progress-machine';
import { wordLookupMachine, type WordLookupRequest } from '../machines/word-lookup-machine';
import type { HtmlSanitiser } from '../platform/html-sanitiser';
import { consoleLogger } from '../platform/logger';
import { onPageHide } from '../platform/page-view';
import { createBrowserSpeechEngine } from '../platform/speech-engine';
import { useTrack, type Track } from '../views/consent/tracking-context';
import { ArticleDetailActorContext } from '../views/detail/article-detail-context';
import { ArticleDetailPage } from '../views/detail/article-detail-page';
import { ReadAloudActorContext } from '../views/detail/read-aloud-context';
import { WordLookupActorContext } from '../views/detail/word-lookup-context';
import { DetailHead } from '../views/head/detail-head';
import { useSiteOrigin } from '../views/head/site-origin';
import { SavedWordsActorContext } from '../views/words/saved-words-context';
import { follow } from './feeds';
import { useInspect } from './inspector';
import { useLocationFeed, type LocationFeed } from './location-provider';
import { wiredSavedWords } from './saved-words-wiring';
import { statusStore as browserStatusStore, wordStore as browserStore } from './word-store-factory';
import { wiredLemmaInventory, wiredWordStatus } from './learner-wiring';
import { createLemmaClient } from '../api/lemma-client';
import { LemmaInventoryActorContext, WordStatusActorContext } from '../views/learner/learner-contexts';
import { useServices } from './services';
import { settleUnlessAborted } from './settle-unless-aborted';

/** The learner's visit, ended by a page that is not an article and by pagehide; its events go to `track`. */
export function wiredReadingProgress(feed: LocationFeed, track: Track) {
  return readingProgressMachine.provide({
    actors: {
      locationChanges: follow(feed, ({ path }) => (pageAt(path).kind === 'article' ? [] : [{ type: 'PAGE_LEFT' }])),
      pageHides: fromCallback(({ sendBack }) => onPageHide(() => sendBack({ type: 'PAGE_HIDDEN' }))),
    },
    actions: { track: (_, { event }) => track(event) },
  });
}

/** DOMPurify and its set-up, fetched at the first body the app sanitises (a client navigation), not with the page. */
function loadedOnFirstUse(): () => Promise<HtmlSanitiser> {
  let made: Promise<HtmlSanitiser> | undefined;
  return () => {
    made ??= import('../platform/html-sanitiser').then((module) => module.createDomPurifySanitiser());
    made.catch(() => {
      made = undefined;
    });
    return made;
  };
}

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
    () => (injectedSanitiser === undefined ? loadedOnFirstUse() : () => Promise.resolve(injectedSanitiser)),
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

  const logic = useMemo(() => {
    return articleDetailMachine.provide({
      actors: {
        fetchArticle: fromPromise<ArticleView, ArticleRequest>(({ input, signal }) =>
          settleUnlessAborted(signal, api.article(input.articleId, input.language, signal)),
        ),
        sanitiseBody: fromPromise<SanitisedBody, { body: string }>(async ({ input }) => {
          const result = (await sanitiser()).sanitise(input.body);
          if (result.decodeError !== undefined) {
            logger.warn('Article body could not be decoded; showing the raw text', result.decodeError);
          }
          return { html: result.html };
        }),
        // Another article or language in the address; nothing once the learner is on another page.
        locationChanges: follow(feed, ({ path }) => {
          const page = pageAt(path);
          return page.kind === 'article' ? [{ type: 'ARTICLE_REQUESTED', articleId: page.articleId, language: page.language }] : [];
        }),
      },
      actions: {
        reloadPage: () => reload(),
        articleShown: (_, { article, language }) =>
          reading.send({
            type: 'ARTICLE_SHOWN',
            article: { id: article.id, source: article.source, difficulty: article.difficulty },
            language,
          }),
        articleLeft: () => reading.send({ type: 'ARTICLE_LEFT' }),
      },
    });
  }, [api, reload, sanitiser, logger, feed, reading]);

  const dictionary = useMemo(() => injectedDictionary ?? createDictionaryClient(), [injectedDictionary]);
  const lookupLogic = useMemo(() => {
    return wordLookupMachine.provide({
      actors: {
        lookUpWord: fromPromise<WordEntry | null, WordLookupRequest>(({ input, signal }) =>
          settleUnlessAborted(
            signal,
            dictionary.lookUpWord(input.word, input.language, signal, {
              ...(input.phrase === undefined ? {} : { phrase: input.phrase }),
              ...(input.sentence === undefined ? {} : { sentence: input.sentence }),
              ...(input.category === undefined ? {} : { category: input.category }),
            }),
          ),
        ),
      },
    });
  }, [dictionary]);
  const textLanguage = textLanguageFor(language);
  const readAloudLogic = useMemo(() => readAloudWith(speech ?? createBrowserSpeechEngine()), [speech]);
  const origin = useSiteOrigin();
  // A word saved from the vocabulary list is looked up first, so it is kept under its dictionary form as the entry's Save keeps it.
  const savedWordsLogic = useMemo(
    () => wiredSavedWords(wordStore ?? browserStore, origin, { lookUp: (word, language) => dictionary.lookUpWord(word, language) }),
    [wordStore, origin, dictionary],
  );

  const wordStatusLogic = useMemo(() => wiredWordStatus(statusStore ?? browserStatusStore), [statusStore]);
  const inventoryLogic = useMemo(() => wiredLemmaInventory(lemmas ?? createLemmaClient()), [lemmas]);

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
