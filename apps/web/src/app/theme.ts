import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

/**
 * WCAG 2.1 AA contrast (docs/accessibility.md): white on the filled primary colour and primary text
 * on white need 4.5:1 — Mantine's default shade 6 of blue gives 3.6:1, shade 8 gives 4.9:1.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A plain object, not `Modal.extend(...)`: that would pull the Modal into the first bundle.
    Modal: { styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } },
    // Every toast's close button has a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Text colours that meet 4.5:1 (docs/accessibility.md): dimmed text (hints, card labels) is gray 7
 * instead of gray 6 (3.3:1 on white); the text of light and outline badges, buttons and coloured
 * text is the colour's shade 9 darkened by 40 % — Mantine's shades of green, yellow, orange
 * and teal are below 4.5:1 on white even at shade 9.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-placeholder': t.colors.gray[7]!,
  };
  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    if (name === 'dark') continue;
    const text = darken(t.colors[name]![9]!, 0.4);
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-text`] = text;
  }
  return { variables: {}, light, dark: {} };
};
