/**
 * A new page starts at its top, as it would without client-side routing. Back/forward
 * (popstate) are left alone so the browser can restore the position, and a link to a fragment
 * (/{lang}#about) scrolls to its target instead.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

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
    if (previousPath.current === path) return;
    previousPath.current = path;
    const popped = poppedRef.current;
    poppedRef.current = false;
    if (popped || window.location.hash !== '') return;
    window.scrollTo(0, 0);
  }, [path]);

  return null;
}
