import { Navigate, useLocation, useNavigate } from 'react-router';
import { CampaignSourceModal } from '@/features/campaign-wizard/components/campaign-source-modal';
import { ImportCampaignsModal } from '@/features/campaign-wizard/components/import-campaigns-modal';
import { NewCampaignModal } from '@/features/campaign-wizard/components/new-campaign-modal';
import { TermsOfServiceModal } from '@/features/campaign-wizard/components/terms-of-service-modal';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';
import { campaignTabOf } from './campaigns';

/** Paths of the create modal under the tab the user opened it from. */
function useCreatePaths() {
  const { organizationId, dealershipId } = useDealershipIds();
  const location = useLocation();
  const navigate = useNavigate();
  const tabPath = paths.campaigns(organizationId, dealershipId, campaignTabOf(location.pathname));
  // The list's own state (dates, sorting) is kept; the wizard's step and draft are not.
  const kept = new URLSearchParams(location.search);
  kept.delete('step');
  kept.delete('draft');
  const search = kept.toString() ? `?${kept.toString()}` : '';
  return {
    close: () => void navigate({ pathname: tabPath, search }),
    go: (child: string) => void navigate({ pathname: `${tabPath}/create/${child}`, search }),
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
  const { organizationId, dealershipId } = useDealershipIds();
  const dealership = useDealership(organizationId, dealershipId);
  const location = useLocation();
  const tabPath = paths.campaigns(organizationId, dealershipId, campaignTabOf(location.pathname));
  return (
    <NewCampaignModal
      organizationId={organizationId}
      dealershipId={dealershipId}
      dealershipName={dealership.data?.name}
      onBackToSource={() => go('select')}
      onClose={close}
      termsPath={`${tabPath}/create/terms`}
      inventoryPagePath={paths.inventory(organizationId, dealershipId)}
      audienceDetailsPath={(id) => paths.audienceDetails(organizationId, dealershipId, id)}
      createAudiencePath={paths.createAudience(organizationId, dealershipId)}
    />
  );
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
