/** Head tags of the home, list and search pages, in the page's language. */
import { headTags } from '../../domain/head-tags';
import { usePageLanguage } from '../use-texts';
import { HeadTagsView } from './head-tags-view';
import { useSiteOrigin } from './site-origin';

export function HomeHead() {
  const language = usePageLanguage();
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'home', language, origin })} />;
}

export function ListHead() {
  const language = usePageLanguage();
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'list', language, origin })} />;
}

/** The /search page only forwards to the list; it is not worth indexing. */
export function SearchHead({ language }: { language: string }) {
  const origin = useSiteOrigin();
  return <HeadTagsView tags={headTags({ kind: 'search', language, origin })} />;
}
