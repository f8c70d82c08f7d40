import { Badge, Group, Text } from '@mantine/core';
import {
  formatCurrency,
  formatDay,
  formatInteger,
  pacingStateLabels,
  type Freshness,
  type Pacing,
  type PacingState,
} from '@portal/contracts';

const pacingColors: Record<PacingState, string> = { under: 'orange', on_track: 'teal', over: 'grape' };
/** The chip's short word for the state (the tooltip and accessible name say it in full). */
const chipWords: Record<PacingState, string> = { under: 'Under', on_track: 'On track', over: 'Over' };

/** What the pacing numbers say, for a tooltip and screen readers (docs/trust.md "Pacing"). */
export function pacingSummary(pacing: Pacing): string {
  const value = pacing.basis === 'impressions' ? formatInteger : formatCurrency;
  return [
    `${pacingStateLabels[pacing.state]}: ${pacing.pace_percent.toFixed(1)} % of expected (band ${pacing.band.low}–${pacing.band.high} %).`,
    `${value(pacing.actual_to_date)} of ${value(pacing.expected_to_date)} expected through ${formatDay(pacing.as_of, 'long')} (day ${pacing.elapsed_days} of ${pacing.flight_days}).`,
    `Projected at the end of the flight: ${formatInteger(pacing.projected_impressions)} impressions, ${formatCurrency(pacing.projected_spend)} spend (target ${value(pacing.target)}).`,
  ].join(' ');
}

/*
 * The numbers behind a chip or badge are in its native `title` (shown on hover) and its accessible
 * name, not in Mantine's Tooltip: the list's first load stays within its JavaScript budget
 * (docs/performance.md) without the floating-ui code a Tooltip brings.
 */

/**
 * The pacing chip (issue 21 §2): pace % coloured by its state (under, on track, over the agency's
 * band); the numbers behind it in its title and accessible name. A dash when the campaign is not paced.
 */
export function PacingChip({ pacing }: { pacing: Pacing | null | undefined }) {
  if (!pacing) {
    return (
      <Text component="span" size="sm" c="dimmed" aria-label="Not paced">
        —
      </Text>
    );
  }
  const summary = pacingSummary(pacing);
  return (
    <Badge
      title={summary}
      color={pacingColors[pacing.state]}
      variant="light"
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
      data-testid="pacing-chip"
      data-state={pacing.state}
      aria-label={summary}
      tabIndex={0}
    >
      {`${pacing.pace_percent.toFixed(1)} % · ${chipWords[pacing.state]}`}
    </Badge>
  );
}

/** The "Stale" badge of a source that missed its expected day (issue 21 §1). */
export function StaleBadge({ freshness }: { freshness: Freshness }) {
  if (!freshness.stale) return null;
  const expected = freshness.expected_through ? formatDay(freshness.expected_through, 'long') : '';
  return (
    <Badge
      title={`Expected data through ${expected}. ${freshness.label}`}
      aria-label={`Stale: expected data through ${expected}. ${freshness.label}`}
      color="red"
      variant="light"
      radius="sm"
      data-testid="stale-badge"
      tabIndex={0}
    >
      Stale
    </Badge>
  );
}

/** "Data through {date}, updated {time} {zone}" with the Stale badge when it applies (report headers). */
export function FreshnessStamp({ freshness }: { freshness: Freshness | null | undefined }) {
  if (!freshness) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="freshness-stamp">
      <Text size="sm" c="dimmed">
        {freshness.label}
      </Text>
      <StaleBadge freshness={freshness} />
    </Group>
  );
}

/** The list's short freshness cell: the last day of data and the Stale badge; the full stamp in its title. */
export function FreshnessCell({ freshness }: { freshness: Freshness | null | undefined }) {
  if (!freshness) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="span" size="sm" title={freshness.label} aria-label={freshness.label} tabIndex={0}>
        {freshness.data_through ? formatDay(freshness.data_through, 'short') : 'No data'}
      </Text>
      <StaleBadge freshness={freshness} />
    </Group>
  );
}
