/**
 * Head tags of the personal pages (saved words, review), never indexed. Apart from page-heads.tsx
 * so they load with their own lazy routes, not with home.
 */
import { PERSONAL_PAGE_TEXTS } from '../../../common/personal-page-texts';
import { headTags } from '../../domain/head-tags';
import { usePageLanguage, useTextLanguage, useTexts } from '../use-texts';
import { HeadTagsView } from './head-tags-view';
import { useSiteOrigin } from './site-origin';

/** The saved-words page: personal, never indexed. */
export function WordsHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  const personal = PERSONAL_PAGE_TEXTS[useTextLanguage()];
  return <HeadTagsView tags={headTags({ kind: 'words', language, texts: shared, personal, origin })} />;
}

/** The review page: personal, never indexed. */
export function ReviewHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  const personal = PERSONAL_PAGE_TEXTS[useTextLanguage()];
  return <HeadTagsView tags={headTags({ kind: 'review', language, texts: shared, personal, origin })} />;
}

/** The placement page: personal, never indexed. */
export function LevelHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  const personal = PERSONAL_PAGE_TEXTS[useTextLanguage()];
  return <HeadTagsView tags={headTags({ kind: 'level', language, texts: shared, personal, origin })} />;
}

/** The progress page: personal, never indexed. */
export function ProgressHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  const personal = PERSONAL_PAGE_TEXTS[useTextLanguage()];
  return <HeadTagsView tags={headTags({ kind: 'progress', language, texts: shared, personal, origin })} />;
}
