/** Head tags of the practice page: never indexed (its exercises are the article's own sentences). */
import { PERSONAL_PAGE_TEXTS } from '../../../common/personal-page-texts';
import { headTags } from '../../domain/head-tags';
import { usePageLanguage, useTextLanguage, useTexts } from '../use-texts';
import { HeadTagsView } from './head-tags-view';
import { useSiteOrigin } from './site-origin';

export function PracticeHead({ articleId }: { articleId: string }) {
  const language = usePageLanguage();
  const { shared } = useTexts();
  const origin = useSiteOrigin();
  const personal = PERSONAL_PAGE_TEXTS[useTextLanguage()];
  return <HeadTagsView tags={headTags({ kind: 'practice', language, texts: shared, personal, origin, articleId })} />;
}
