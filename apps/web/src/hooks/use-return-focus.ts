import { useState } from 'react';

/** The control that opened the current route modal (shared by the modal routes of one flow). */
let opener: HTMLElement | null = null;

/**
 * For modals that are routes (`…/create/*`, `breakdown/create`): they unmount when they close, so
 * Mantine cannot hand the focus back. Remembers the control that had the focus when the first modal
 * of a flow mounted (one outside any dialog) and returns `returnFocus`, which focuses it again
 * after the route has changed (WCAG 2.4.3 focus order).
 */
export function useReturnFocus(): () => void {
  useState(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]'))
      opener = active;
    return null;
  });
  return () => {
    const previous = opener;
    requestAnimationFrame(() => {
      if (previous?.isConnected) previous.focus();
    });
  };
}
