/**
 * Home's offer of the placement, for a learner the coverage has not found statuses for (no card fit
 * yet). Its own chunk (the app loads it once home has settled, src/app/list-routes.tsx); the server's
 * page has it from the start.
 */
import { useContext } from 'react';
import { Link } from 'wouter';
import { textLanguageFor } from '../../../common/languages';
import { LEVEL_OFFER } from '../../domain/level-offer-texts';
import { levelPath } from '../../domain/routing';
import { CardFitContext } from '../common/card-fit-context';
import { usePageLanguage } from '../use-texts';

export function LevelOffer() {
  const language = usePageLanguage();
  const fit = useContext(CardFitContext);
  return fit === null ? (
    <p className="level-offer">
      <Link href={levelPath(language)}>{LEVEL_OFFER[textLanguageFor(language)]}</Link>
    </p>
  ) : null;
}
