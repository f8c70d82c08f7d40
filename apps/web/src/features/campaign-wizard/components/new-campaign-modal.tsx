import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CampaignWizard, type CampaignWizardProps } from './campaign-wizard';

/** An open layer above the wizard that Esc must close first: a dropdown, a date picker, an inner dialog. */
const innerLayerOpen = () =>
  // Some dropdowns stay mounted while closed (display: none): only a shown one counts.
  Array.from(document.querySelectorAll<HTMLElement>('.mantine-Popover-dropdown')).some(
    (element) => getComputedStyle(element).display !== 'none',
  ) || document.querySelectorAll('.mantine-Modal-content').length > 1;

/**
 * `create/new`: the campaign wizard in the create modal (spec 001 §2.2–§2.8). Esc closes only the
 * innermost open layer (a picker, a dropdown, an inner dialog); closing the wizard itself (Esc, the
 * close button) on a step not finished yet asks first (issue 25 item 1). What was typed stays
 * either way: on this device (the draft's local copy) and, once typing pauses, in the draft.
 */
export function NewCampaignModal(props: Omit<CampaignWizardProps, 'onDirtyChange'>) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (dirty.current) setAsking(true);
    else props.onClose();
  };
  return (
    <>
      <Modal
        opened
        onClose={requestClose}
        closeOnEscape={false}
        title="Create campaign"
        size="80rem"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        // Decided in the capture phase, before an inner layer handles the key (closing itself, and
        // some stop the event there): an Esc meant for a picker or a dropdown never closes the wizard.
        onKeyDownCapture={(event: KeyboardEvent) => {
          if (event.key !== 'Escape' || event.nativeEvent.isComposing || asking || innerLayerOpen()) return;
          requestClose();
        }}
      >
        <CampaignWizard {...props} onDirtyChange={(value) => (dirty.current = value)} />
      </Modal>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Leave the campaign wizard?" centered>
        <Stack>
          <Text>
            This step is not finished yet. What you entered is kept on this device (and in the draft once the product
            step is done), so you can continue later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              Stay
            </Button>
            <Button
              color="red"
              onClick={() => {
                setAsking(false);
                props.onClose();
              }}
            >
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
