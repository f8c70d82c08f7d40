import { Modal } from '@mantine/core';
import { CampaignWizard, type CampaignWizardProps } from './campaign-wizard';

/** `create/new`: the campaign wizard in the create modal (spec 001 §2.2–§2.8). */
export function NewCampaignModal(props: CampaignWizardProps) {
  return (
    <Modal
      opened
      onClose={props.onClose}
      title="Create campaign"
      size="80rem"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <CampaignWizard {...props} />
    </Modal>
  );
}
