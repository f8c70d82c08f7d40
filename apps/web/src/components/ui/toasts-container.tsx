import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@portal/contracts';

/** The toasts' container, loaded by `Toasts` with the first toast. */
export default function ToastsContainer() {
  return <Notifications autoClose={TOAST_DURATION_MS} position="top-right" />;
}
