export interface Comparison {
  /** e.g. '+35% vs avg', '−12% vs avg', 'Same as avg'; null when there is no average to compare with. */
  text: string | null;
  direction: 'up' | 'down' | 'flat' | null;
}

/** A vehicle's figure against the average of all the campaign's vehicles, in whole percents. */
export function compareWithAverage(value: number | null, average: number | null): Comparison {
  if (value === null || average === null || !Number.isFinite(average) || average === 0) {
    return { text: null, direction: null };
  }
  const change = Math.round(((value - average) / average) * 100);
  if (change === 0) return { text: 'Same as avg', direction: 'flat' };
  return { text: `${change > 0 ? '+' : '−'}${Math.abs(change)}% vs avg`, direction: change > 0 ? 'up' : 'down' };
}

/** The audience size change badge: '+2.5%', '−1.0%', '0%'. */
export function formatChangePercent(change: number): string {
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%`;
}
