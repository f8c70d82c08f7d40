import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A plain object, not `Modal.extend(...)`: that would pull the Modal into the first bundle.
    Modal: { styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});
