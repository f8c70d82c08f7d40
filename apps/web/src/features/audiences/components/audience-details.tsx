import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { audienceDestinations, formatInteger, formatInstant } from '@portal/contracts';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { isNotFound } from '@/lib/api-client';
import { useAudience } from '../api/get-audience';

const labels: Record<(typeof audienceDestinations)[number], string> = {
  facebook: 'Facebook',
  google: 'Google',
  mailchimp: 'Mailchimp',
  tradedesk: 'The Trade Desk',
  basis: 'Basis',
  amazon: 'Amazon',
};

/** `customers/audiences/{id}/details`: a saved audience (spec 001 §2.7 name link). */
export function AudienceDetails(props: { organizationId: number; dealershipId: number; audienceId: number }) {
  const audience = useAudience(props.organizationId, props.dealershipId, props.audienceId);
  if (audience.isPending) return <Skeleton h={200} />;
  if (audience.isError)
    return isNotFound(audience.error) ? (
      <NotFoundState title="Audience not found" />
    ) : (
      <ErrorState error={audience.error} onRetry={() => void audience.refetch()} />
    );
  const a = audience.data;
  return (
    <Stack gap="lg">
      <Title order={1}>{a.audience_name}</Title>
      {a.description ? <Text c="dimmed">{a.description}</Text> : null}
      <Group grow>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Audience size
          </Text>
          <Text fz="xl" fw={700}>
            {formatInteger(a.audience_size)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Created
          </Text>
          <Text fz="xl" fw={700}>
            {formatInstant(a.createdAt, 'display')}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Last update
          </Text>
          <Text fz="xl" fw={700}>
            {a.last_run ? formatInstant(a.last_run, 'ordinal') : '—'}
          </Text>
        </Card>
      </Group>
      <Stack gap="xs">
        <Text fw={600}>Linked destinations</Text>
        <Group gap="xs">
          {audienceDestinations.map((d) => (
            <Badge key={d} color={a.mappedAudiences[d] ? 'green' : 'gray'} variant="light">
              {labels[d]}: {a.mappedAudiences[d] ? 'linked' : 'not linked'}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
