import { Modal } from '@mantine/core';
import { SourceChooser, type CampaignSource } from './source-chooser';

export interface CampaignSourceModalProps {
  onContinue: (source: CampaignSource) => void;
  onClose: () => void;
}

/** The 'Campaign source' modal of the create route (spec 001 §2.1). */
export function CampaignSourceModal({ onContinue, onClose }: CampaignSourceModalProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      title="Campaign source"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <SourceChooser variant="modal" onContinue={onContinue} onCancel={onClose} />
    </Modal>
  );
}
