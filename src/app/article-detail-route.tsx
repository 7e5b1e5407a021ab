/**
 * The detail route, loaded on demand (React.lazy): this module, the detail view and machine, and
 * DOMPurify (through the sanitiser) form their own chunk and never load with the home page.
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import type { ArticleView } from '../domain/article';
import { textLanguageFor } from '../domain/languages';
import { languageFromPath } from '../domain/routing';
import type { WordEntry } from '../domain/word-lookup';
import { createDictionaryClient } from '../api/dictionary-client';
import {
  articleDetailMachine,
  type ArticleRequest,
  type SanitisedBody,
} from '../machines/article-detail-machine';
import { wordLookupMachine, type WordLookupRequest } from '../machines/word-lookup-machine';
import { createDomPurifySanitiser } from '../platform/html-sanitiser';
import { consoleLogger } from '../platform/logger';
import { ArticleDetailActorContext } from '../views/detail/article-detail-context';
import { ArticleDetailPage } from '../views/detail/article-detail-page';
import { WordLookupActorContext } from '../views/detail/word-lookup-context';
import { DetailHead } from '../views/head/detail-head';
import { DetailReadingTracker } from './article-reading-tracker';
import { useInspect } from './inspector';
import { useServices } from './services';
import { settleUnlessAborted } from './settle-unless-aborted';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function RequestFollower({ articleId, language }: { articleId: string; language: string }) {
  const actor = ArticleDetailActorContext.useActorRef();
  useEffect(() => {
    actor.send({ type: 'ARTICLE_REQUESTED', articleId, language });
  }, [actor, articleId, language]);
  return null;
}

export default function ArticleDetailRoute() {
  const { api, reload, sanitiser: injectedSanitiser, dictionary: injectedDictionary, logger = consoleLogger } = useServices();
  const params = useParams<{ articleId?: string }>();
  const [path] = useLocation();
  const language = languageFromPath(path);
  const articleId = decodeSegment(params.articleId ?? '');
  const inspect = useInspect();

  const logic = useMemo(() => {
    const sanitiser = injectedSanitiser ?? createDomPurifySanitiser();
    return articleDetailMachine.provide({
      actors: {
        fetchArticle: fromPromise<ArticleView, ArticleRequest>(({ input, signal }) =>
          settleUnlessAborted(signal, api.article(input.articleId, input.language, signal)),
        ),
        sanitiseBody: fromPromise<SanitisedBody, { body: string }>(async ({ input }) => {
          const result = sanitiser.sanitise(input.body);
          if (result.decodeError !== undefined) {
            logger.warn('Article body could not be decoded; showing the raw text', result.decodeError);
          }
          return { html: result.html };
        }),
      },
      actions: {
        reloadPage: () => reload(),
      },
    });
  }, [api, reload, injectedSanitiser, logger]);

  const lookupLogic = useMemo(() => {
    const dictionary = injectedDictionary ?? createDictionaryClient();
    return wordLookupMachine.provide({
      actors: {
        lookUpWord: fromPromise<WordEntry | null, WordLookupRequest>(({ input, signal }) =>
          settleUnlessAborted(signal, dictionary.lookUpWord(input.word, input.language, signal)),
        ),
      },
    });
  }, [injectedDictionary]);
  const textLanguage = textLanguageFor(language);

  return (
    <ArticleDetailActorContext.Provider logic={logic} options={{ input: { articleId, language }, inspect }}>
      <RequestFollower articleId={articleId} language={language} />
      <DetailHead articleId={articleId} />
      {/* A new text language starts a fresh look-up actor: an entry never shows in the old language. */}
      <WordLookupActorContext.Provider key={textLanguage} logic={lookupLogic} options={{ input: { language: textLanguage }, inspect }}>
        <ArticleDetailPage />
      </WordLookupActorContext.Provider>
      <DetailReadingTracker />
    </ArticleDetailActorContext.Provider>
  );
}
