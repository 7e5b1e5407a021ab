/**
 * The page frame: skip link, header, <main id="main">, then whatever the app adds after it
 * (footer, cookie banner). `beforeMain` and `afterMain` are the slots for those additions.
 */
import type { ReactNode } from 'react';
import { useTexts } from '../views/use-texts';

export interface AppShellProps {
  header: ReactNode;
  children: ReactNode;
  beforeMain?: ReactNode;
  afterMain?: ReactNode;
}

export function AppShell({ header, children, beforeMain, afterMain }: AppShellProps) {
  const texts = useTexts();
  return (
    <>
      <a className="skip-link" href="#main">
        {texts.skipToContent}
      </a>
      {header}
      {beforeMain}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {afterMain}
    </>
  );
}
