import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { VENDOR_GOOGLE_ADS, vendorRoutes, type LinkedPlatform, formatLongDate } from '@portal/contracts';
import { IconBrandGoogle, IconBrandMeta, IconInfoCircle } from '@tabler/icons-react';
import { ErrorState } from '@/components/ui/error-state';
import { isApiError } from '@/lib/api-client';
import { useConnectPlatform, useDisconnectPlatform, useLinkedPlatforms } from '../api/linked-platforms';
import { canConnectPlatforms } from '../utils/roles';
import { AccountAssignments } from './account-assignments';

export interface LinkedPlatformsProps {
  organizationId: number;
  dealershipId: number;
  roleId: number | null | undefined;
  /** `?connected={vendor route}` or `?error=…` after the OAuth redirect. */
  connected: string | null;
  error: string | null;
  /** The agency's dealerships an administrator assigns accounts to (issue 18 item 3); empty for others. */
  dealerships?: Array<{ id: number; name: string }>;
}

/**
 * The Linked Platforms page (spec 001 §2.9): the agency's Google Ads and Meta connections. Role 2 or
 * lower connects (OAuth 2.0 consent in this window), disconnects and assigns each account to
 * dealerships (issue 18 item 3); others are told to contact the agency administrator.
 */
export function LinkedPlatforms({
  organizationId,
  dealershipId,
  roleId,
  connected,
  error,
  dealerships = [],
}: LinkedPlatformsProps) {
  const platforms = useLinkedPlatforms(organizationId);
  const connect = useConnectPlatform();
  const disconnect = useDisconnectPlatform(organizationId);
  const canConnect = canConnectPlatforms(roleId);
  const justConnected = platforms.data?.data.find((p) => vendorRoutes[p.vendor_id as 1 | 3] === connected);

  const onConnect = (platform: LinkedPlatform) =>
    connect.mutate(
      { organizationId, dealershipId, vendorId: platform.vendor_id },
      {
        onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: isApiError(e) ? e.message : 'Something went wrong. Please try again later.',
          }),
      },
    );
  const onDisconnect = (platform: LinkedPlatform) =>
    disconnect.mutate(platform.vendor_id, {
      onSuccess: () => notifications.show({ color: 'green', message: `${platform.vendor_name} disconnected` }),
      onError: (e) =>
        notifications.show({
          color: 'red',
          message: isApiError(e) ? e.message : 'Something went wrong. Please try again later.',
        }),
    });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Linked Platforms
        </Title>
        <Text c="dimmed">The ad accounts of your agency that self-service campaigns are imported from.</Text>
      </Stack>
      {justConnected ? (
        <Alert color="green" variant="light">
          {justConnected.vendor_name} is connected. You can import its campaigns now.
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light">
          The platform was not connected ({error === 'access_denied' ? 'access was not granted' : error}).
        </Alert>
      ) : null}
      {!canConnect ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          Contact the agency administrator to connect an account (Agency, Linked Platforms).
        </Alert>
      ) : null}
      {platforms.isError ? (
        <ErrorState
          title="Linked platforms could not be loaded"
          error={platforms.error}
          onRetry={() => void platforms.refetch()}
          retrying={platforms.isFetching}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {platforms.isPending
            ? [0, 1].map((i) => <Skeleton key={i} height={150} radius="md" />)
            : platforms.data.data.map((platform) => (
                <Card key={platform.vendor_id} withBorder radius="md" p="lg" aria-label={platform.vendor_name}>
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <ThemeIcon variant="light" size="lg" radius="md">
                          {platform.vendor_id === VENDOR_GOOGLE_ADS ? (
                            <IconBrandGoogle size={20} aria-hidden />
                          ) : (
                            <IconBrandMeta size={20} aria-hidden />
                          )}
                        </ThemeIcon>
                        <Title order={2} size="h4">
                          {platform.vendor_name}
                        </Title>
                      </Group>
                      <Badge color={platform.connected ? 'green' : 'gray'} variant="light">
                        {platform.connected ? 'Connected' : 'Not connected'}
                      </Badge>
                    </Group>
                    {platform.connected && platform.connected_at ? (
                      <Text size="sm" c="dimmed">
                        Connected on {formatLongDate(platform.connected_at.slice(0, 10))}
                        {platform.connected_by ? ` by ${platform.connected_by}` : ''}
                      </Text>
                    ) : null}
                    {platform.sandbox ? (
                      <Text size="xs" c="dimmed">
                        Sandbox: no {platform.vendor_name} credentials are configured, so demo accounts are used.
                      </Text>
                    ) : null}
                    {canConnect ? (
                      <Group>
                        {platform.connected ? (
                          <Button
                            variant="default"
                            color="red"
                            onClick={() => onDisconnect(platform)}
                            loading={disconnect.isPending && disconnect.variables === platform.vendor_id}
                          >
                            Disconnect
                          </Button>
                        ) : (
                          <Button
                            onClick={() => onConnect(platform)}
                            loading={connect.isPending && connect.variables?.vendorId === platform.vendor_id}
                          >
                            Connect {platform.vendor_name}
                          </Button>
                        )}
                      </Group>
                    ) : null}
                    {canConnect && platform.connected ? (
                      <AccountAssignments
                        organizationId={organizationId}
                        vendorId={platform.vendor_id}
                        vendorName={platform.vendor_name}
                        dealerships={dealerships}
                      />
                    ) : null}
                  </Stack>
                </Card>
              ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
