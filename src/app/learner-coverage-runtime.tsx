/**
 * The coverage chunk of home and the list (loaded by learner-coverage-loader.tsx for a learner
 * with word statuses): mounts the word-status and lemma-inventory actors, asks for the inventories
 * of the cards on screen, and hands the pages each card's coverage, the list's order and home's
 * learning-zone section through CardFitContext.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ArticleCard } from '../domain/article';
import { learnerTextsFor } from '../domain/learner-texts';
import { byFit, ofBand, inLearningZone } from '../domain/coverage';
import type { RankStatuses } from '../domain/rank-statuses';
import { apiLanguageFor, textLanguageFor } from '../../common/languages';
import { languageFromPath } from '../domain/routing';
import { createLemmaClient, type LemmaApi } from '../api/lemma-client';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import type { CardFit } from '../views/common/card-fit-context';
import { CoverageText } from '../views/learner/coverage-text';
import { FitOrderControl } from '../views/learner/fit-order-control';
import { LearningZone } from '../views/learner/learning-zone';
import { LemmaInventoryActorContext, WordStatusActorContext } from '../views/learner/learner-contexts';
import { useLocation } from 'wouter';
import { useInspect } from './inspector';
import { HeldRankStatuses, wiredLemmaInventory, wiredWordStatus } from './learner-wiring';
import { useServices } from './services';
import { statusStore as browserStatusStore } from './word-store-factory';
import { useSlicedCoverage } from './use-sliced-coverage';
import { useEarlyRankTable } from './use-early-rank-table';
import type { StatusStore } from '../platform/word-store';

export interface LearnerCoverageRuntimeProps {
  readonly page: 'home' | 'list';
  readonly onChange: (fit: CardFit | null) => void;
}

/** How many of the newest articles home looks through for its learning zone, and how many it shows. */
const ZONE_CANDIDATES = 20;
const ZONE_SHOWN = 4;

export default function LearnerCoverageRuntime(props: LearnerCoverageRuntimeProps): ReactNode {
  const { statusStore, lemmas, firstAnswers } = useServices();
  const inspect = useInspect();
  const getStore = statusStore ?? browserStatusStore;
  const statusLogic = useMemo(() => wiredWordStatus(getStore), [getStore]);
  const lemmaApi = useMemo(() => lemmas ?? createLemmaClient(), [lemmas]);
  // The statuses by rank the word-status actor holds, read by the cards' decode (decision 57); set below once it runs.
  const [held] = useState(() => new HeldRankStatuses());
  const inventoryLogic = useMemo(() => wiredLemmaInventory(lemmaApi, () => held.current()), [lemmaApi, held]);
  // The frequency list the page names (decision 50): its table can be fetched before the cards' inventories arrive.
  const [listCheck] = useState(() => firstAnswers?.rankedCheck());
  return (
    <WordStatusActorContext.Provider logic={statusLogic} options={{ input: {}, inspect }}>
      <LemmaInventoryActorContext.Provider
        logic={inventoryLogic}
        options={{ input: listCheck === undefined ? {} : { listCheck }, inspect }}
      >
        <CardFitPublisher {...props} lemmas={lemmaApi} getStore={getStore} held={held} />
      </LemmaInventoryActorContext.Provider>
    </WordStatusActorContext.Provider>
  );
}

/** Home's learning zone looks through the newest articles, not only the four it shows. */
function useZoneCandidates(page: 'home' | 'list', language: string): readonly ArticleCard[] {
  const { api } = useServices();
  const [cards, setCards] = useState<readonly ArticleCard[]>([]);
  useEffect(() => {
    if (page !== 'home') return;
    const controller = new AbortController();
    api
      .latestArticles({ language: apiLanguageFor(language), limit: ZONE_CANDIDATES }, controller.signal)
      .then(setCards, () => setCards([]));
    return () => controller.abort();
  }, [api, page, language]);
  return cards;
}

function CardFitPublisher({
  page,
  onChange,
  lemmas,
  getStore,
  held,
}: LearnerCoverageRuntimeProps & {
  readonly lemmas: LemmaApi;
  readonly getStore: () => Promise<StatusStore>;
  readonly held: HeldRankStatuses;
}) {
  const [path] = useLocation();
  const language = languageFromPath(path);
  const textLanguage = textLanguageFor(language);
  const statusActor = WordStatusActorContext.useActorRef();
  const inventoryActor = LemmaInventoryActorContext.useActorRef();
  // Before the effect below asks for the cards: their decode reads the record this actor holds then.
  useEffect(() => {
    held.readFrom(() => statusActor.getSnapshot().context.byRank);
  }, [held, statusActor]);
  const statuses = WordStatusActorContext.useSelector((snapshot) => (snapshot.matches('ready') ? snapshot.context.statuses : null));
  const byRank = WordStatusActorContext.useSelector((snapshot) => snapshot.context.byRank);
  const rankCheck = WordStatusActorContext.useSelector((snapshot) => snapshot.context.rankCheck);
  // The revision the statuses shown were read at; none while a write is pending (they are not a stored state then).
  const revision = WordStatusActorContext.useSelector((snapshot) =>
    snapshot.context.jobs.length === 0 ? snapshot.context.revision : null,
  );
  const order = WordStatusActorContext.useSelector((snapshot) => snapshot.context.order);
  const shown = WordStatusActorContext.useSelector((snapshot) => snapshot.context.fitShown);
  const inventories = LemmaInventoryActorContext.useSelector((snapshot) => snapshot.context.inventories);
  const listCheck = LemmaInventoryActorContext.useSelector((snapshot) => snapshot.context.listCheck);
  // The named list's table asked for while the statuses are read, when no record is current.
  useEarlyRankTable(listCheck, getStore, lemmas);
  const listCards = ArticleListActorContext.useSelector((snapshot) => snapshot.context.cards);
  const zoneCandidates = useZoneCandidates(page, language);

  useEffect(() => {
    const ids = [...listCards, ...zoneCandidates].map((card) => card.id);
    if (ids.length > 0) inventoryActor.send({ type: 'INVENTORIES_WANTED', ids });
  }, [inventoryActor, listCards, zoneCandidates]);

  // Statuses by rank made from the downloaded list, kept for the revision these statuses were read at.
  const onBuilt = useCallback(
    (built: RankStatuses, at: number) => statusActor.send({ type: 'RANK_STATUSES_BUILT', byRank: built, revision: at }),
    [statusActor],
  );
  // The list to make the record for before the cards' inventories arrive: the one the page or the
  // cards name (the server's current list), else the one the last record was kept for.
  const coverage = useSlicedCoverage(inventories, statuses, revision, byRank, lemmas, onBuilt, listCheck ?? rankCheck);

  const fit = useMemo((): CardFit | null => {
    if (statuses === null) return null;
    const zone = zoneCandidates.filter((card) => {
      const found = coverage.get(card.id);
      return found !== undefined && inLearningZone(found);
    });
    return {
      fitOf: (id) => {
        const found = coverage.get(id);
        return found === undefined ? null : <CoverageText coverage={found} language={textLanguage} />;
      },
      arrange: (cards) => {
        const kept = page === 'list' ? ofBand(cards, shown, (card) => coverage.get(card.id)) : cards;
        return order === 'fit' ? byFit(kept, (card) => coverage.get(card.id)) : kept;
      },
      controls:
        page === 'list' ? (
          <>
            <FitOrderControl
              order={order}
              shown={shown}
              language={textLanguage}
              onChange={(next) => statusActor.send({ type: 'ORDER_CHANGED', order: next })}
              onShownChange={(next) => statusActor.send({ type: 'FIT_SHOWN_CHANGED', shown: next })}
            />
            {shown !== 'all' && listCards.length > 0 && ofBand(listCards, shown, (card) => coverage.get(card.id)).length === 0 ? (
              <p className="fit-none" role="status">
                {learnerTextsFor(textLanguage).noneFits}
              </p>
            ) : null}
          </>
        ) : null,
      zone: page === 'home' && zone.length > 0 ? <LearningZone cards={zone.slice(0, ZONE_SHOWN)} language={language} /> : null,
    };
  }, [statuses, coverage, order, shown, listCards, zoneCandidates, page, textLanguage, language, statusActor]);

  useEffect(() => onChange(fit), [fit, onChange]);
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}
