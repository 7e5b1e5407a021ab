import { createContext, useContext } from 'react';

/**
 * The site's origin for absolute canonical and Open Graph URLs. The app provides it from
 * configuration (VITE_SITE_ORIGIN, else the page's own origin).
 */
export const SiteOriginContext = createContext<string>('');

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
