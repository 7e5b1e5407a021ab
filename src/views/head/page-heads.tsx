/** Head tags of the home, list and search pages, in the page's language. */
import { textLanguageFor } from '../../../common/languages';
import { headTags } from '../../domain/head-tags';
import { usePageLanguage, useTexts, useTextsSource } from '../use-texts';
import { HeadTagsView } from './head-tags-view';
import { useSiteOrigin } from './site-origin';

export function HomeHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'home', language, texts: shared, origin })} />;
}

export function ListHead() {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'list', language, texts: shared, origin })} />;
}

/**
 * The /search page only forwards to the list; it is not worth indexing. Its language comes from
 * the query (`lang`); until that language's texts are loaded (the list waits for them too) the
 * head stays as the server wrote it.
 */
export function SearchHead({ language }: { language: string }) {
  const origin = useSiteOrigin();
  const texts = useTextsSource().loaded(textLanguageFor(language));
  return texts === undefined ? null : <HeadTagsView tags={headTags({ kind: 'search', language, texts: texts.shared, origin })} />;
}
