import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { VENDOR_GOOGLE_ADS, VENDOR_META, vendorNames, vendorRoutes, type LinkedPlatform } from '@portal/contracts';
import { IconBrandGoogle, IconBrandMeta, IconCircleCheck, IconSpeakerphone } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { useLinkedPlatforms } from '../api/linked-platforms';
import { canConnectPlatforms } from '../utils/roles';
import { ImportForm } from './import-form';

export type ImportStep = '' | 'google-ads' | 'facebook-ads' | 'success';

export interface ImportCampaignsModalProps {
  organizationId: number;
  dealershipId: number;
  /** The signed-in user's role_id (3 when missing). */
  roleId: number | null | undefined;
  /** The sub-route: '' (vendor cards), 'google-ads', 'facebook-ads' or 'success'. */
  step: string;
  /** Imported campaign count of the success screen. */
  importedCount: number;
  /** Opens a sub-route of create/import (e.g. 'google-ads', 'success?count=2'). */
  onNavigate: (child: string) => void;
  /** Back to the campaign creation route (the source chooser). */
  onBack: () => void;
  onClose: () => void;
  linkedPlatformsPath: string;
  newCampaignPath: string;
  selfServiceListPath: string;
}

const vendors = [
  { id: VENDOR_GOOGLE_ADS, icon: <IconBrandGoogle size={22} aria-hidden />, kind: 'Search ads' },
  { id: VENDOR_META, icon: <IconBrandMeta size={22} aria-hidden />, kind: 'Social ads' },
] as const;

function VendorCard(props: {
  title: string;
  description: string;
  icon: ReactNode;
  disabled: boolean;
  onClick?: () => void;
  to?: string;
  hint?: ReactNode;
}) {
  const body = (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon variant="light" size="lg" radius="md" color={props.disabled ? 'gray' : 'blue'}>
        {props.icon}
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={600}>{props.title}</Text>
        <Text size="sm" c="dimmed">
          {props.description}
        </Text>
      </Stack>
    </Group>
  );
  return (
    // Named by their content (title and description: WCAG 2.5.3 label in name); only the disabled
    // card's button fades, so its hint keeps full contrast.
    <Card withBorder radius="md" p="md">
      {props.to ? (
        <UnstyledButton component={Link} to={props.to}>
          {body}
        </UnstyledButton>
      ) : (
        <UnstyledButton
          onClick={props.onClick}
          disabled={props.disabled}
          aria-disabled={props.disabled}
          opacity={props.disabled ? 0.75 : 1}
        >
          {body}
        </UnstyledButton>
      )}
      {props.hint ? (
        <Text size="xs" c="dimmed" mt="sm">
          {props.hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** The vendor cards of 'Import Campaigns' (spec 001 §2.9). */
function VendorChooser(props: ImportCampaignsModalProps) {
  const platforms = useLinkedPlatforms(props.organizationId);
  const canConnect = canConnectPlatforms(props.roleId);
  if (platforms.isError)
    return (
      <ErrorState
        title="Linked platforms could not be loaded"
        error={platforms.error}
        onRetry={() => void platforms.refetch()}
        retrying={platforms.isFetching}
      />
    );
  const platformOf = (id: number): LinkedPlatform | undefined => platforms.data?.data.find((p) => p.vendor_id === id);
  return (
    <Stack gap="lg">
      <Text c="dimmed">Choose where the campaigns you want to import run.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {vendors.map((vendor) => {
          const platform = platformOf(vendor.id);
          const connected = platform?.connected ?? false;
          const name = vendorNames[vendor.id];
          const hint =
            platforms.isPending || connected ? null : canConnect ? (
              <>
                {name} is not connected.{' '}
                <Anchor component={Link} to={props.linkedPlatformsPath} size="xs">
                  Connect it in Linked Platforms
                </Anchor>
              </>
            ) : (
              <>{name} is not connected. Contact the agency administrator to connect it (Agency, Linked Platforms).</>
            );
          return platforms.isPending ? (
            <Skeleton key={vendor.id} height={96} radius="md" />
          ) : (
            <VendorCard
              key={vendor.id}
              title={name}
              description={`${vendor.kind}: import the campaigns of a ${name} account.`}
              icon={vendor.icon}
              disabled={!connected}
              onClick={() => props.onNavigate(vendorRoutes[vendor.id])}
              hint={hint}
            />
          );
        })}
      </SimpleGrid>
      <VendorCard
        title="Let us market your audience"
        description="Build a new campaign with us instead."
        icon={<IconSpeakerphone size={22} aria-hidden />}
        disabled={false}
        to={props.newCampaignPath}
      />
      <Group justify="flex-start">
        <Button variant="default" onClick={props.onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}

function SuccessScreen({ count, listPath }: { count: number; listPath: string }) {
  return (
    <Stack gap="md" align="center" ta="center" py="md">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCircleCheck size={32} aria-hidden />
      </ThemeIcon>
      <Title order={3}>Nice! You have imported {count} campaign(s) successfully</Title>
      <Text c="dimmed">Your campaigns will be available in a few minutes.</Text>
      <Button component={Link} to={listPath}>
        See Campaigns
      </Button>
    </Stack>
  );
}

const titles: Record<ImportStep, string> = {
  '': 'Import Campaigns',
  'google-ads': 'Google Ads import',
  'facebook-ads': 'Meta Ads import',
  success: 'Import Campaigns',
};

/** `create/import/*`: the import flow (spec 001 §2.9) in one modal, its step from the URL. */
export function ImportCampaignsModal(props: ImportCampaignsModalProps) {
  const step: ImportStep = (['google-ads', 'facebook-ads', 'success'] as const).find((s) => s === props.step) ?? '';
  let content: ReactNode;
  if (step === 'success') content = <SuccessScreen count={props.importedCount} listPath={props.selfServiceListPath} />;
  else if (step === '') content = <VendorChooser {...props} />;
  else
    content = (
      <ImportForm
        organizationId={props.organizationId}
        dealershipId={props.dealershipId}
        vendorId={step === 'google-ads' ? VENDOR_GOOGLE_ADS : VENDOR_META}
        onBack={() => props.onNavigate('')}
        onImported={(count) => props.onNavigate(`success?count=${count}`)}
      />
    );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={titles[step]}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {content}
    </Modal>
  );
}
