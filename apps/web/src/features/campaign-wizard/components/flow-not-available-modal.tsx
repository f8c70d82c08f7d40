import { Button, Group, Modal, Text } from '@mantine/core';

export interface FlowNotAvailableModalProps {
  title: string;
  onBack: () => void;
  onClose: () => void;
}

/** Stand-in for a wizard that lands in later work: says so, and offers Back. */
export function FlowNotAvailableModal({ title, onBack, onClose }: FlowNotAvailableModalProps) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>This flow is not available yet.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Modal>
  );
}
