import {
  Alert,
  Anchor,
  Box,
  Button,
  ColorInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LOGO_MAX_BYTES,
  brandingMessages,
  contrastWithWhite,
  logoContentTypes,
  updateAgencyBrandingBodySchema,
  type AgencyBranding,
  type UpdateAgencyBrandingBody,
} from '@portal/contracts';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { useAgencyBranding, useDeleteAgencyLogo, useUpdateAgencyBranding, useUploadAgencyLogo } from '../api/branding';

interface Values {
  display_name: string;
  primary_color: string;
  email_sender_name: string;
  email_reply_to: string;
  paper_size: 'letter' | 'a4';
}

const toValues = (b: AgencyBranding): Values => ({
  display_name: b.display_name ?? '',
  primary_color: b.primary_color ?? '',
  email_sender_name: b.email_sender_name ?? '',
  email_reply_to: b.email_reply_to ?? '',
  paper_size: b.paper_size,
});

/** Validates with the shared contract (the server checks the same): field → first message. */
function validate(values: Values): Partial<Record<keyof Values, string>> {
  const parsed = updateAgencyBrandingBodySchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return errors;
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/**
 * The agency's branding page (issue 20 §4; roles 1–2): display name, logo (PNG or JPEG ≤ 512 KB),
 * primary colour (white text on it must meet WCAG AA, 4.5:1 — checked as you type by the shared
 * contract and again by the server), email sender name and reply-to, and the paper of report PDFs.
 */
export function BrandingSettings({ organizationId }: { organizationId: number }) {
  const query = useAgencyBranding(organizationId);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <ErrorState
        title="The branding could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <BrandingForm key={query.data.organization_id} organizationId={organizationId} branding={query.data} />;
}

function BrandingForm({ organizationId, branding }: { organizationId: number; branding: AgencyBranding }) {
  const update = useUpdateAgencyBranding(organizationId);
  const upload = useUploadAgencyLogo(organizationId);
  const removeLogo = useDeleteAgencyLogo(organizationId);
  const [saved, setSaved] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(branding),
    validate,
    onValuesChange: () => setSaved(false),
  });

  const submit = form.onSubmit((values) => {
    setSaved(false);
    update.mutate(values as UpdateAgencyBrandingBody, {
      onSuccess: (next) => {
        form.resetDirty(toValues(next as AgencyBranding));
        setSaved(true);
      },
      onError: (error) => {
        if (isApiError(error))
          for (const detail of error.details ?? []) {
            const field = detail.path.replace(/^body\./, '').split('.')[0] ?? '';
            if (field in values) form.setFieldError(field, detail.message);
          }
      },
    });
  });

  const onLogo = async (file: File | undefined) => {
    setLogoError(null);
    if (!file) return;
    if (!(logoContentTypes as readonly string[]).includes(file.type)) return setLogoError(brandingMessages.logoType);
    if (file.size > LOGO_MAX_BYTES) return setLogoError(brandingMessages.logoSize);
    upload.mutate(
      { content_type: file.type as (typeof logoContentTypes)[number], data_base64: await readBase64(file) },
      { onError: (error) => setLogoError(error instanceof Error ? error.message : 'The logo was not saved') },
    );
  };

  const color = form.values.primary_color;
  const contrast = /^#[0-9a-fA-F]{6}$/.test(color) ? contrastWithWhite(color.toLowerCase()) : null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Branding of {branding.organization_name}
      </Title>
      <Text size="sm">
        How sales are matched to campaigns (window, model, aged threshold):{' '}
        <Anchor component={Link} to="../attribution" relative="path">
          Sales attribution settings
        </Anchor>
      </Text>
      <Text c="dimmed" size="sm">
        Your agency’s name, logo and colour appear in the portal’s header for all its users, on the sign-in page at{' '}
        <Anchor href={branding.sign_in_path} underline="always" data-testid="branded-sign-in-link">
          {branding.sign_in_path}
        </Anchor>
        , on every report PDF and spreadsheet, and in every email.
      </Text>

      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Logo
          </Title>
          <Group gap="md" align="center">
            {branding.logo_url ? (
              <img src={branding.logo_url} alt="Current logo" style={{ height: 48, width: 'auto', maxWidth: 200 }} />
            ) : (
              <Text size="sm" c="dimmed">
                No logo yet: the name is shown instead.
              </Text>
            )}
          </Group>
          <Group gap="sm">
            <Button component="label" variant="light" loading={upload.isPending}>
              {branding.logo_url ? 'Replace logo' : 'Upload logo'}
              <input
                type="file"
                accept="image/png,image/jpeg"
                hidden
                aria-label="Logo file"
                onChange={(event) => {
                  void onLogo(event.currentTarget.files?.[0]);
                  event.currentTarget.value = '';
                }}
              />
            </Button>
            {branding.logo_url ? (
              <Button variant="subtle" color="red" loading={removeLogo.isPending} onClick={() => removeLogo.mutate()}>
                Remove logo
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            PNG or JPEG, at most 512 KB. SVG is not accepted.
          </Text>
          {logoError ? (
            <Alert color="red" role="alert">
              {logoError}
            </Alert>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label="Branding">
        <Stack gap="md">
          <TextInput
            label="Display name"
            description={`Shown instead of “${branding.organization_name}” when set`}
            {...form.getInputProps('display_name')}
          />
          <ColorInput
            label="Primary colour"
            description="White text on it must be readable (WCAG AA contrast 4.5:1)"
            format="hex"
            withEyeDropper={false}
            placeholder="#1c7ed6"
            {...form.getInputProps('primary_color')}
          />
          {contrast !== null ? (
            <Group gap="sm">
              <Box
                px="md"
                py={6}
                style={{ background: color, color: '#fff', borderRadius: 4, fontWeight: 600 }}
                data-testid="colour-preview"
              >
                Sample text
              </Box>
              <Text size="sm" fw={500}>
                Contrast {contrast.toFixed(2)}:1 {contrast >= 4.5 ? '— passes AA' : '— too light'}
              </Text>
            </Group>
          ) : null}
          <TextInput
            label="Email sender name"
            placeholder="e.g. Northwind Reports"
            {...form.getInputProps('email_sender_name')}
          />
          <TextInput
            label="Reply-to address"
            type="email"
            placeholder="accounts@example.com"
            {...form.getInputProps('email_reply_to')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="paper-size-label">
              Paper of report PDFs
            </Text>
            <SegmentedControl
              aria-labelledby="paper-size-label"
              data={[
                { value: 'letter', label: 'US Letter' },
                { value: 'a4', label: 'A4' },
              ]}
              {...form.getInputProps('paper_size')}
            />
          </Stack>
          {update.isError ? (
            <Alert color="red" role="alert" title="Not saved">
              {update.error instanceof Error ? update.error.message : 'Please try again.'}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={update.isPending}>
              Save branding
            </Button>
            {saved ? (
              <Group gap={4} role="status">
                <IconCheck size={16} aria-hidden />
                <Text size="sm">Saved</Text>
              </Group>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
