import '@mantine/notifications/styles.css';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastsContainer = lazy(() => import('./toasts-container'));

/**
 * Where the toasts of `notifications.show()` appear (top right, spec 000 §4). The container's code
 * (Mantine Notifications and its transitions, ~6 KB gzip) loads with the first toast: the store
 * keeps the toast, and the container shows it when it mounts, so no page's first load carries it
 * (docs/performance.md).
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastsContainer />
    </Suspense>
  );
}
