import { lazy, Suspense } from 'react';
import type { NotFoundStateProps } from './not-found-state-view';

export type { NotFoundStateProps } from './not-found-state-view';

const NotFoundStateView = lazy(() => import('./not-found-state-view').then((m) => ({ default: m.NotFoundStateView })));

/**
 * What a 404 looks like: no data, a title and a way back. Its code (Mantine's EmptyState) loads only
 * when shown, so it stays out of every page's first load (the 200 KB budget of docs/performance.md).
 */
export function NotFoundState(props: NotFoundStateProps) {
  return (
    <Suspense fallback={null}>
      <NotFoundStateView {...props} />
    </Suspense>
  );
}
