/**
 * Catches a failure to load the lazily split detail route (a dynamic import that fails while
 * the server is unreachable). Without it React unmounts the whole app and the page goes blank.
 * Try Again reloads the page, as the detail page's own error state does.
 */
import { Component, type ReactNode } from 'react';
import { DetailLoadError } from '../views/detail/detail-load-error';
import { useServices } from './services';

interface BoundaryProps {
  readonly children: ReactNode;
  readonly fallback: ReactNode;
}

class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function DetailLoadBoundary({ children }: { children: ReactNode }) {
  const { reload } = useServices();
  return <LoadBoundary fallback={<DetailLoadError onRetry={() => reload()} />}>{children}</LoadBoundary>;
}
