import { useEffect, useState } from 'react';

/** Delay between the display data loading and the ad-ready flag (spec 000 §2.7, §9). */
export const AD_READY_DELAY_MS = 5000;

/**
 * The ad-ready flag: false until `AD_READY_DELAY_MS` after `loaded` first became true, so that a
 * screenshot or PDF tool waiting for it sees the ad previews rendered.
 */
export function useAdReady(loaded: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!loaded || ready) return undefined;
    const timer = window.setTimeout(() => setReady(true), AD_READY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, ready]);
  return ready;
}
