import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SourceChooser } from './source-chooser';

describe('SourceChooser', () => {
  it('keeps Continue disabled until a source is chosen', async () => {
    const onContinue = vi.fn();
    renderWithProviders(<SourceChooser onContinue={onContinue} />);
    const user = userEvent.setup();

    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Import campaigns/ }));
    expect(continueButton).toBeEnabled();

    await user.click(continueButton);
    expect(onContinue).toHaveBeenCalledWith('import');
  });

  it('offers Create Campaigns and Import Campaigns as the empty state, and Cancel in the modal', async () => {
    const onContinue = vi.fn();
    const onCancel = vi.fn();
    const { unmount } = renderWithProviders(<SourceChooser variant="empty" onContinue={onContinue} />);
    expect(screen.getByRole('radio', { name: /Create Campaigns/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Import Campaigns/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('radio', { name: /Create Campaigns/ }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith('new');
    unmount();

    renderWithProviders(<SourceChooser onContinue={onContinue} onCancel={onCancel} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
