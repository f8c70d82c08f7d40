import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { alertThresholdsSchema, type AlertThresholds } from '@portal/contracts';
import { useState } from 'react';
import { useAlertSettings, useUpdateAlertSettings } from '../api/alerts';

/**
 * The agency's alert thresholds (roles 1–2): k of the drop rules, the impressions floor and the
 * zero-day lookback. Checked with the shared contract before sending; a refused save keeps the input.
 */
export function AlertThresholdsForm({ organizationId }: { organizationId: number }) {
  const settings = useAlertSettings(organizationId, true);
  if (!settings.data) return null;
  return <ThresholdsEditor organizationId={organizationId} initial={settings.data} />;
}

function ThresholdsEditor({ organizationId, initial }: { organizationId: number; initial: AlertThresholds }) {
  const update = useUpdateAlertSettings(organizationId);
  const [values, setValues] = useState<AlertThresholds>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof AlertThresholds) => (value: string | number) =>
    setValues({ ...values, [key]: typeof value === 'number' ? value : Number(value) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="alert-thresholds">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = alertThresholdsSchema.safeParse(values);
          if (!parsed.success) {
            setProblem(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('; '));
            return;
          }
          setProblem(null);
          update.mutate(parsed.data);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="alert-thresholds">
            Thresholds
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NumberInput
              label="Drop below the 14-day mean by (standard deviations)"
              min={0.5}
              max={10}
              step={0.5}
              decimalScale={2}
              value={values.anomaly_sigma}
              onChange={set('anomaly_sigma')}
              w={320}
            />
            <NumberInput
              label="Volume floor (impressions a day)"
              min={0}
              step={100}
              thousandSeparator=","
              value={values.volume_floor}
              onChange={set('volume_floor')}
              w={240}
            />
            <NumberInput
              label="Zero-delivery lookback (days)"
              min={1}
              max={30}
              value={values.zero_day_lookback}
              onChange={set('zero_day_lookback')}
              w={220}
            />
            <Button type="submit" loading={update.isPending}>
              Save thresholds
            </Button>
          </Group>
          {problem || update.error ? (
            <Text size="sm" c="red" role="alert">
              {problem ?? update.error?.message}
            </Text>
          ) : update.isSuccess ? (
            <Text size="sm" c="teal" role="status">
              Saved. The next evaluation uses them.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
