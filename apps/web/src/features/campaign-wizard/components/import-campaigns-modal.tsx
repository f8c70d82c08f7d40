import { FlowNotAvailableModal } from './flow-not-available-modal';

/** `create/import/*`: the import flow (spec 001 §2.9) lands here in later work. */
export function ImportCampaignsModal(props: { onBack: () => void; onClose: () => void }) {
  return <FlowNotAvailableModal title="Import campaigns" {...props} />;
}
