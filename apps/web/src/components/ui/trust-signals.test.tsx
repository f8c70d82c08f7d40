import { campaignFreshness, computePacing } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FreshnessCell, FreshnessStamp, PacingChip } from './trust-signals';

/** A 30-day flight on day 14 (as of Nov 14): 140,000 of 300,000 booked impressions are expected. */
const pacingAt = (impressionsToDate: number) =>
  computePacing({
    start: '2026-11-01',
    end: '2026-11-30',
    today: '2026-11-15',
    bookedImpressions: 300_000,
    budget: 2500,
    impressionsToDate,
    spendToDate: 560,
  });

const NOW = new Date('2026-11-15T18:00:00Z'); // noon in Chicago
const freshness = (dataThrough: string) =>
  campaignFreshness({
    source: 'files',
    dataThrough,
    updatedAt: new Date('2026-11-15T12:14:00Z'),
    flight: { start: '2026-11-01', end: '2026-11-30' },
    now: NOW,
    timeZone: 'America/Chicago',
  });

describe('PacingChip', () => {
  it('shows pace % and its state, with the numbers behind it for screen readers', () => {
    renderWithProviders(
      <>
        <PacingChip pacing={pacingAt(112_000)} />
        <PacingChip pacing={pacingAt(140_000)} />
        <PacingChip pacing={pacingAt(168_000)} />
        <PacingChip pacing={null} />
      </>,
    );
    const chips = screen.getAllByTestId('pacing-chip');
    expect(chips.map((chip) => [chip.textContent, chip.dataset.state])).toEqual([
      ['80.0 % · Under', 'under'],
      ['100.0 % · On track', 'on_track'],
      ['120.0 % · Over', 'over'],
    ]);
    expect(chips[0]).toHaveAccessibleName(
      'Under-pacing: 80.0 % of expected (band 95–105 %). 112,000 of 140,000 expected through Nov 14, 2026 (day 14 of 30). ' +
        'Projected at the end of the flight: 240,000 impressions, $1,200.00 spend (target 300,000).',
    );
    expect(screen.getByLabelText('Not paced')).toHaveTextContent('—');
  });
});

describe('freshness stamp', () => {
  it('says "Data through {date}, updated {time} {zone}" and flags a source that missed its day', () => {
    renderWithProviders(
      <>
        <div data-testid="fresh">
          <FreshnessStamp freshness={freshness('2026-11-14')} />
        </div>
        <div data-testid="stale">
          <FreshnessStamp freshness={freshness('2026-11-12')} />
        </div>
        <div data-testid="cell">
          <FreshnessCell freshness={freshness('2026-11-12')} />
        </div>
      </>,
    );
    const fresh = screen.getByTestId('fresh');
    expect(fresh).toHaveTextContent('Data through Nov 14, 2026, updated 6:14 AM CST');
    expect(within(fresh).queryByTestId('stale-badge')).not.toBeInTheDocument();
    const stale = screen.getByTestId('stale');
    expect(stale).toHaveTextContent('Data through Nov 12, 2026, updated Nov 15, 6:14 AM CST');
    expect(within(stale).getByTestId('stale-badge')).toHaveTextContent('Stale');
    expect(screen.getByTestId('cell')).toHaveTextContent('Nov 12Stale');
  });
});
