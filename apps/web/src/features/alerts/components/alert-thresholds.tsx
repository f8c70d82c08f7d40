import { Button, Code, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { alertSettingsBodySchema, type AlertSettings, type AlertSettingsBody } from '@portal/contracts';
import { useState } from 'react';
import { useAlertSettings, useUpdateAlertSettings } from '../api/alerts';

/**
 * The agency's alert settings (roles 1–2): k of the drop rules, the impressions floor, the zero-day
 * lookback and the webhook address (with the secret its requests are signed with). Checked with the
 * shared contract before sending; a refused save keeps the input.
 */
export function AlertThresholdsForm({ organizationId }: { organizationId: number }) {
  const settings = useAlertSettings(organizationId, true);
  if (!settings.data) return null;
  return <ThresholdsEditor organizationId={organizationId} initial={settings.data} />;
}

function ThresholdsEditor({ organizationId, initial }: { organizationId: number; initial: AlertSettings }) {
  const update = useUpdateAlertSettings(organizationId);
  const { webhook_secret: initialSecret, ...body } = initial;
  const [values, setValues] = useState<AlertSettingsBody>(body);
  const secret = update.data ? update.data.webhook_secret : initialSecret;
  const [problem, setProblem] = useState<string | null>(null);
  const set =
    (key: 'anomaly_sigma' | 'volume_floor' | 'zero_day_lookback' | 'pacing_low' | 'pacing_high' | 'stale_after_hour') =>
    (value: string | number) =>
      setValues({ ...values, [key]: typeof value === 'number' ? value : Number(value) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="alert-thresholds">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = alertSettingsBodySchema.safeParse(values);
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
            Alert, pacing and freshness settings
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
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NumberInput
              label="On track from (pace %)"
              min={50}
              max={100}
              decimalScale={1}
              value={values.pacing_low}
              onChange={set('pacing_low')}
              w={180}
            />
            <NumberInput
              label="On track up to (pace %)"
              min={100}
              max={200}
              decimalScale={1}
              value={values.pacing_high}
              onChange={set('pacing_high')}
              w={180}
            />
            <NumberInput
              label="Yesterday's data expected by (hour, 0–23)"
              min={0}
              max={23}
              value={values.stale_after_hour}
              onChange={set('stale_after_hour')}
              w={280}
            />
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Webhook (Slack-compatible, https)"
              placeholder="https://hooks.slack.com/services/…"
              value={values.webhook_url ?? ''}
              onChange={(event) => setValues({ ...values, webhook_url: event.currentTarget.value.trim() || null })}
              w={480}
            />
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
          {secret ? (
            <Text size="xs" c="dimmed">
              Requests carry <Code>X-Portal-Signature</Code>: sha256 HMAC of &quot;timestamp.body&quot; with the secret{' '}
              <Code data-testid="webhook-secret">{secret}</Code>
            </Text>
          ) : null}
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
