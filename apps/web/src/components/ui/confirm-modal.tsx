import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmRequest {
  /** The dialog's title, e.g. "Deactivate quinn@dealer.test?". */
  title: string;
  /** What happens, in a sentence. */
  message: string;
  /** The confirming button's label ("Deactivate", "Revoke"). */
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A confirmation before an action that takes something away (deactivating a user, revoking an
 * invitation): a modal dialog named by its title, with Cancel focused first, so Enter or Escape right
 * after the click does nothing harmful. `request` null: closed.
 */
export function ConfirmModal({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title} centered>
      <Text size="sm">{request?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            request?.onConfirm();
            onClose();
          }}
        >
          {request?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
