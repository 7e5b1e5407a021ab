/**
 * The router's location, held at the last address whose language's texts are loaded. An address
 * in another language (back or forward across a language switch, after a reload) stays unseen
 * until its texts arrive, then every route, machine and view sees it at once: never a page half in
 * one language, never a blank one. A selector choice is already loaded when it navigates (the
 * language machine waits for it), so it passes straight through.
 */
import { useSyncExternalStore } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { textLanguageFor, type TextLanguage } from '../../common/languages';
import { languageFromPath } from '../domain/routing';
import type { TextsSource } from '../domain/texts';

export interface RouterLocation {
  readonly hook: BaseLocationHook;
  readonly searchHook?: BaseSearchHook;
}

/** `onLoadFailed`: the texts could not be loaded (offline, a new deployment); the app reloads the page. */
export function gateOnTexts(location: RouterLocation, texts: TextsSource, onLoadFailed: () => void): Required<RouterLocation> {
  const searchHook: BaseSearchHook = location.searchHook ?? useBrowserSearch;
  let shown: { path: string; search: string } | undefined;
  // Every component that reads the location renders this hook: ask for a language once.
  const asked = new Set<TextLanguage>();

  function useShown(args: Parameters<BaseLocationHook>) {
    const [path, navigate] = location.hook(...args);
    const search = searchHook(...args);
    const language = textLanguageFor(languageFromPath(path));
    const isLoaded = () => texts.loaded(language) !== undefined;
    const ready = useSyncExternalStore(texts.subscribe, isLoaded, isLoaded);
    if (ready || shown === undefined) shown = { path, search };
    else if (!asked.has(language)) {
      asked.add(language);
      texts.load(language).catch(() => {
        asked.delete(language);
        onLoadFailed();
      });
    }
    return [shown, navigate] as const;
  }

  function useGatedLocation(...args: Parameters<BaseLocationHook>): ReturnType<BaseLocationHook> {
    const [{ path }, navigate] = useShown(args);
    return [path, navigate];
  }
  function useGatedSearch(...args: Parameters<BaseLocationHook>): string {
    return useShown(args)[0].search;
  }
  return { hook: useGatedLocation, searchHook: useGatedSearch };
}
