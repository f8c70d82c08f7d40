import { Navigate, useLocation, useNavigate } from 'react-router';
import { CampaignSourceModal } from '@/features/campaign-wizard/components/campaign-source-modal';
import { ImportCampaignsModal } from '@/features/campaign-wizard/components/import-campaigns-modal';
import { NewCampaignModal } from '@/features/campaign-wizard/components/new-campaign-modal';
import { TermsOfServiceModal } from '@/features/campaign-wizard/components/terms-of-service-modal';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';
import { campaignTabOf } from './campaigns';

/** Paths of the create modal under the tab the user opened it from. */
function useCreatePaths() {
  const { organizationId, dealershipId } = useDealershipIds();
  const location = useLocation();
  const navigate = useNavigate();
  const tabPath = paths.campaigns(organizationId, dealershipId, campaignTabOf(location.pathname));
  return {
    close: () => void navigate({ pathname: tabPath, search: location.search }),
    go: (child: string) => void navigate({ pathname: `${tabPath}/create/${child}`, search: location.search }),
    listCreate: `${paths.campaigns(organizationId, dealershipId, 'list')}/create`,
  };
}

/** `create` and `create/select`: the 'Campaign source' chooser. */
export function SourceStepRoute() {
  const { close, go } = useCreatePaths();
  return <CampaignSourceModal onContinue={(source) => go(source)} onClose={close} />;
}

export function TermsRoute() {
  const { close } = useCreatePaths();
  return <TermsOfServiceModal onClose={close} />;
}

export function NewCampaignRoute() {
  const { close, go } = useCreatePaths();
  return <NewCampaignModal onBack={() => go('select')} onClose={close} />;
}

export function ImportCampaignsRoute() {
  const { close, go } = useCreatePaths();
  return <ImportCampaignsModal onBack={() => go('select')} onClose={close} />;
}

/** Any other path under create: the managed list's create route (spec 001 §2.1). */
export function CreateRedirectRoute() {
  const { listCreate } = useCreatePaths();
  return <Navigate to={listCreate} replace />;
}
