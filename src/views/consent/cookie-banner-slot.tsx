import type { ReactNode } from 'react';

/**
 * The cookie banner's place on every page: a polite live region, present from the first paint so
 * that screen readers announce the banner when it appears in it. What goes in it
 * (cookie-banner.tsx) comes with the consent actor's chunk.
 */
export function CookieBannerSlot({ children }: { children?: ReactNode }) {
  return (
    <div className="cookie-banner-slot" aria-live="polite">
      {children}
    </div>
  );
}
