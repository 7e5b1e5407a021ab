/**
 * Mounts the app-wide language actor. The router is the source of truth: every location change
 * (links, the selector, back/forward) is reported as LOCATION_CHANGED before the browser paints,
 * and the machine's 'navigate' action is the router's navigate.
 */
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { languageMachine } from '../machines/language-machine';
import { LanguageActorContext } from '../views/language-context';
import { useInspect } from './inspector';

function LocationReporter({ path, search }: { path: string; search: string }) {
  const actor = LanguageActorContext.useActorRef();
  useLayoutEffect(() => {
    actor.send({ type: 'LOCATION_CHANGED', path, search });
  }, [actor, path, search]);
  return null;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const inspect = useInspect();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const logic = useMemo(
    () =>
      languageMachine.provide({
        actions: {
          navigate: (_, params) => navigateRef.current(params.to),
        },
      }),
    [],
  );

  return (
    <LanguageActorContext.Provider logic={logic} options={{ input: { path, search }, inspect }}>
      <LocationReporter path={path} search={search} />
      {children}
    </LanguageActorContext.Provider>
  );
}
