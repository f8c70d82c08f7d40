import { FlowNotAvailableModal } from './flow-not-available-modal';

/** `create/new`: the campaign wizard (spec 001 §2.2–§2.8) lands here in later work. */
export function NewCampaignModal(props: { onBack: () => void; onClose: () => void }) {
  return <FlowNotAvailableModal title="Create campaigns" {...props} />;
}
