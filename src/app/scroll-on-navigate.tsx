/**
 * What a full page load would do, done for client-side navigation: a new page starts at its top,
 * and keyboard and screen-reader focus moves to the new page's <main> so the reader does not stay
 * on the link they left. Back/forward (popstate) are left alone so the browser can restore the
 * position; a link to a fragment (/{lang}#about) scrolls to its target instead; and a language
 * switch keeps focus on the language selector, since the page itself stays the same.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { pathSegments } from '../domain/routing';

function pageWithoutLanguage(path: string): string {
  return pathSegments(path).slice(1).join('/');
}

export function ScrollOnNavigate() {
  const [path] = useLocation();
  const previousPath = useRef(path);
  const poppedRef = useRef(false);

  useEffect(() => {
    const onPop = () => {
      poppedRef.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useLayoutEffect(() => {
    const previous = previousPath.current;
    if (previous === path) return;
    previousPath.current = path;
    const popped = poppedRef.current;
    poppedRef.current = false;
    if (popped || window.location.hash !== '') return;
    window.scrollTo(0, 0);
    if (pageWithoutLanguage(previous) !== pageWithoutLanguage(path)) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [path]);

  return null;
}
