import { useEffect, useState, type RefObject } from 'react';

/**
 * A control whose code loads on first use, so that no page's first load carries it
 * (docs/performance.md): until then the page shows a look-alike field or button with these
 * `triggerProps`. The code is fetched as soon as the pointer comes over the trigger or it gets the
 * focus; the click (or Enter / Space) on it sets `used`, and the page then mounts the real control,
 * already open (`useOpenOnMount`).
 */
export function useDeferredControl(load: () => Promise<unknown>) {
  const [used, setUsed] = useState(false);
  return {
    used,
    triggerProps: {
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => setUsed(true),
    },
  };
}

/**
 * For the real control mounted by a trigger's click: gives it the focus the trigger had and, with
 * `click`, clicks it open. Done after the mounting click has finished; while that click still
 * bubbles, a popover would take it for a click outside (its target, the trigger, is gone) and close.
 */
export function useOpenOnMount(ref: RefObject<HTMLElement | null>, openOnMount: boolean, click: boolean) {
  useEffect(() => {
    if (!openOnMount) return;
    const timer = setTimeout(() => {
      ref.current?.focus();
      if (click) ref.current?.click();
    }, 0);
    return () => clearTimeout(timer);
  }, [ref, openOnMount, click]);
}
