/** The page frame: skip link, header, <main id="main">, then what follows it (footer, cookie banner). */
import type { ReactNode } from 'react';
import { useTexts } from '../views/use-texts';

export interface AppShellProps {
  header: ReactNode;
  children: ReactNode;
  afterMain?: ReactNode;
}

export function AppShell({ header, children, afterMain }: AppShellProps) {
  const texts = useTexts();
  return (
    <>
      <a className="skip-link" href="#main">
        {texts.skipToContent}
      </a>
      {header}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {afterMain}
    </>
  );
}
