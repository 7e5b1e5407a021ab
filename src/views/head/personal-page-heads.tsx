/**
 * Head tags of the personal pages (saved words, review), never indexed. Apart from page-heads.tsx
 * so they load with their own lazy routes, not with home.
 */
import { headTags } from '../../domain/head-tags';
import { usePageLanguage, useTexts } from '../use-texts';
import { HeadTagsView } from './head-tags-view';
import { useSiteOrigin } from './site-origin';

/** The saved-words page: personal, never indexed. */
export function WordsHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'words', language, texts: shared, origin })} />;
}

/** The review page: personal, never indexed. */
export function ReviewHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'review', language, texts: shared, origin })} />;
}
