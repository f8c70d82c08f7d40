import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { ImportCampaignsModal } from '@/features/self-service/components/import-campaigns-modal';
import { CampaignSourceModal } from '@/features/campaign-wizard/components/campaign-source-modal';
import { NewCampaignModal } from '@/features/campaign-wizard/components/new-campaign-modal';
import { TermsOfServiceModal } from '@/features/campaign-wizard/components/terms-of-service-modal';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';
import { campaignTabOf } from './campaigns';

/** Paths of the create modal under the tab the user opened it from. */
function useCreatePaths() {
  const returnFocus = useReturnFocus();
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
    close: () => {
      void navigate({ pathname: tabPath, search });
      returnFocus();
    },
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
  const me = useMe();
  const location = useLocation();
  const tabPath = paths.campaigns(organizationId, dealershipId, campaignTabOf(location.pathname));
  return (
    <NewCampaignModal
      organizationId={organizationId}
      dealershipId={dealershipId}
      dealershipName={dealership.data?.name}
      userId={me.data?.id}
      timeZone={dealership.data?.organization.time_zone}
      onBackToSource={() => go('select')}
      onClose={close}
      termsPath={`${tabPath}/create/terms`}
      inventoryPagePath={paths.inventory(organizationId, dealershipId)}
      audienceDetailsPath={(id) => paths.audienceDetails(organizationId, dealershipId, id)}
      createAudiencePath={paths.createAudience(organizationId, dealershipId)}
    />
  );
}

/** `create/import/*`: the import flow; its step ('', google-ads, facebook-ads, success) is the rest of the path. */
export function ImportCampaignsRoute() {
  const { close, go } = useCreatePaths();
  const { organizationId, dealershipId } = useDealershipIds();
  const step = useParams()['*'] ?? '';
  const [searchParams] = useSearchParams();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const importPath = `${paths.campaigns(organizationId, dealershipId, campaignTabOf(location.pathname))}/create/import`;
  const count = Number(searchParams.get('count'));
  return (
    <ImportCampaignsModal
      organizationId={organizationId}
      dealershipId={dealershipId}
      roleId={me.data?.role_id}
      step={step.replace(/\/$/, '')}
      importedCount={Number.isInteger(count) && count > 0 ? count : 0}
      onNavigate={(child) => {
        const [sub = '', query] = child.split('?');
        void navigate({ pathname: `${importPath}${sub ? `/${sub}` : ''}`, search: query ? `?${query}` : '' });
      }}
      onBack={() => go('select')}
      onClose={close}
      linkedPlatformsPath={paths.linkedPlatforms(organizationId, dealershipId)}
      newCampaignPath={`${paths.campaigns(organizationId, dealershipId, 'list')}/create/new`}
      selfServiceListPath={paths.campaigns(organizationId, dealershipId, 'self-service/list')}
    />
  );
}

/** Any other path under create: the managed list's create route (spec 001 §2.1). */
export function CreateRedirectRoute() {
  const { listCreate } = useCreatePaths();
  return <Navigate to={listCreate} replace />;
}
