import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  AGED_INVENTORY_MAX,
  AGED_INVENTORY_MIN,
  ATTRIBUTION_WINDOW_MAX,
  ATTRIBUTION_WINDOW_MIN,
  attributionModelLabels,
  attributionRuleLabel,
  type AttributionModel,
  type AttributionSettings as Settings,
} from '@portal/contracts';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { useAttributionSettings, useUpdateAttributionSettings } from '../api/attribution';

function SettingsForm({ organizationId, settings }: { organizationId: number; settings: Settings }) {
  const [values, setValues] = useState(settings);
  const update = useUpdateAttributionSettings(organizationId);
  const valid =
    Number.isInteger(values.window_days) &&
    values.window_days >= ATTRIBUTION_WINDOW_MIN &&
    values.window_days <= ATTRIBUTION_WINDOW_MAX &&
    Number.isInteger(values.aged_inventory_days) &&
    values.aged_inventory_days >= AGED_INVENTORY_MIN &&
    values.aged_inventory_days <= AGED_INVENTORY_MAX;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) update.mutate(values);
      }}
    >
      <Stack gap="md" maw={520}>
        <NumberInput
          label="Attribution window (days)"
          description="A sale counts for a campaign that showed the sold vehicle within this many days before the sale (1–90)."
          min={ATTRIBUTION_WINDOW_MIN}
          max={ATTRIBUTION_WINDOW_MAX}
          allowDecimal={false}
          value={values.window_days}
          onChange={(v) => setValues({ ...values, window_days: Number(v) })}
          error={
            values.window_days >= ATTRIBUTION_WINDOW_MIN && values.window_days <= ATTRIBUTION_WINDOW_MAX
              ? undefined
              : 'Between 1 and 90 days'
          }
        />
        <div>
          <Text size="sm" fw={500}>
            Model
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            Last touch gives the sale to the campaign that clicked (or showed) last; even split shares it across the
            campaigns that did. Clicks always come before views.
          </Text>
          <SegmentedControl
            aria-label="Attribution model"
            value={values.model}
            onChange={(model) => setValues({ ...values, model: model as AttributionModel })}
            data={Object.entries(attributionModelLabels).map(([value, label]) => ({ value, label }))}
          />
        </div>
        <NumberInput
          label="Aged inventory threshold (days on lot)"
          description="Vehicles on the lot longer than this are listed as aged on the Inventory insights page."
          min={AGED_INVENTORY_MIN}
          max={AGED_INVENTORY_MAX}
          allowDecimal={false}
          value={values.aged_inventory_days}
          onChange={(v) => setValues({ ...values, aged_inventory_days: Number(v) })}
          error={
            values.aged_inventory_days >= AGED_INVENTORY_MIN && values.aged_inventory_days <= AGED_INVENTORY_MAX
              ? undefined
              : 'Between 1 and 365 days'
          }
        />
        {update.isError ? (
          <Alert color="red">{isApiError(update.error) ? update.error.message : 'The settings were not saved.'}</Alert>
        ) : null}
        {update.isSuccess ? (
          <Alert color="green">
            Saved: {attributionRuleLabel({ model: values.model, window_days: values.window_days })}.
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!valid}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The agency's attribution settings (issue 22 §2–§3): window, model, aged threshold (roles 1–2). */
export function AttributionSettings({ organizationId }: { organizationId: number }) {
  const query = useAttributionSettings(organizationId);
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} mb="xs">
        Sales attribution
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        How dealer sales are matched to the vehicles the campaigns advertised. Changes apply to every report at once.
      </Text>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        <SettingsForm organizationId={organizationId} settings={query.data} />
      )}
    </Paper>
  );
}
