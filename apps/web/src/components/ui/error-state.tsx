import { lazy, Suspense } from 'react';
import type { ErrorStateProps } from './error-state-view';

export type { ErrorStateProps } from './error-state-view';

const ErrorStateView = lazy(() => import('./error-state-view').then((m) => ({ default: m.ErrorStateView })));

/**
 * An error panel with the API's message and a Retry button. Its code (Mantine's Alert) loads only
 * when an error is shown, so it stays out of every page's first load (the 200 KB budget of
 * docs/performance.md).
 */
export function ErrorState(props: ErrorStateProps) {
  return (
    <Suspense fallback={null}>
      <ErrorStateView {...props} />
    </Suspense>
  );
}
