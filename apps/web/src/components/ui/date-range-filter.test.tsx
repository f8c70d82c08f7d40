import { addDays, todayHere } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { DateRangeFilter } from './date-range-filter';

describe('DateRangeFilter', () => {
  it('shows the range as the picker does, and the calendar only once the field is used', async () => {
    renderWithProviders(
      <DateRangeFilter value={{ startDate: '2026-10-26', endDate: '2026-11-24' }} onChange={vi.fn()} />,
    );
    const field = screen.getByLabelText('Date range');
    expect(field).toHaveTextContent('10/26/2026 – 11/24/2026');
    expect(screen.queryByRole('button', { name: 'Last 7 days' })).not.toBeInTheDocument();
  });

  // Keyboard use (Tab, Enter) is tested in Chromium: e2e/keyboard.spec.ts.
  it('opens on the first click and commits a preset', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DateRangeFilter value={{ startDate: '2026-10-26', endDate: '2026-11-24' }} onChange={onChange} />,
    );
    await user.click(screen.getByLabelText('Date range'));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    const today = todayHere();
    expect(onChange).toHaveBeenCalledWith({ startDate: addDays(today, -7), endDate: addDays(today, -1) });
  });
});
