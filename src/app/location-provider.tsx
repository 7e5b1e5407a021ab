/**
 * Where the router's location enters the machines, and the only place it does. Every location
 * wouter reports (links, the selector, back/forward, a redirect) is published to the location feed
 * before the browser paints. Each actor that follows the address invokes a `locationChanges` actor,
 * which the app provides with `follow(feed, ...)`: here for the two app-wide actors (wired in
 * location-wiring.ts), language (the page language and the header's selector, which the views
 * read) and page (scroll, focus, <html lang>, head tags), and in the routes for theirs.
 */
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LanguageActorContext } from '../views/language-context';
import { TextsContext } from '../views/texts-context';
import { createFeed, type Feed } from './feeds';
import { useInspect } from './inspector';
import { wiredLanguage, wiredPage } from './location-wiring';
import { useServices } from './services';

export interface PageLocation {
  readonly path: string;
  /** The query string as the router reports it, without '?'. */
  readonly search: string;
}

export type LocationFeed = Feed<PageLocation>;

const LocationFeedContext = createContext<LocationFeed | null>(null);

export function useLocationFeed(): LocationFeed {
  const feed = useContext(LocationFeedContext);
  if (feed === null) throw new Error('useLocationFeed() needs a <LocationProvider> above it');
  return feed;
}

export function LocationProvider({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const inspect = useInspect();
  const texts = useContext(TextsContext);
  const { firstAnswers } = useServices();
  const [feed] = useState(() => {
    const created = createFeed<PageLocation>({ path, search });
    // The server's answers are for the page it rendered; once the learner moves on, screens fetch as usual.
    if (firstAnswers) created.subscribe(() => firstAnswers.expire());
    return created;
  });

  useLayoutEffect(() => {
    const { path: shown, search: shownSearch } = feed.current();
    if (path !== shown || search !== shownSearch) feed.publish({ path, search });
  }, [feed, path, search]);

  const languageLogic = useMemo(() => wiredLanguage(feed, navigate, texts), [feed, navigate, texts]);

  // Wired before React adds its own head tags (at the first commit): the server's are noted then.
  const [pageLogic] = useState(() => wiredPage(feed));
  useActorRef(pageLogic, { input: { path }, inspect });

  return (
    <LocationFeedContext.Provider value={feed}>
      <LanguageActorContext.Provider logic={languageLogic} options={{ input: { path, search }, inspect }}>
        {children}
      </LanguageActorContext.Provider>
    </LocationFeedContext.Provider>
  );
}
