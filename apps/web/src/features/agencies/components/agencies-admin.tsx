import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createAgencyBodySchema, type CreateAgencyBody } from '@portal/contracts';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainThead, PlainTr } from '@/components/ui/plain-table';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useAgencies, useCreateAgency } from '../api/agencies';

type Values = { name: string; time_zone: CreateAgencyBody['time_zone']; admin_email: string; admin_name: string };

const timeZones = createAgencyBodySchema.shape.time_zone.unwrap().options;

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const parsed = createAgencyBodySchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  return errors;
}

/**
 * Platform staff's Agencies page (issue 23 §2, `/admin/agencies`): every agency with its dealership
 * and user counts, and the form that creates an agency and emails its first administrator an
 * invitation (`POST /api/admin/agencies`).
 */
export function AgenciesAdmin() {
  const list = useAgencies();
  const create = useCreateAgency();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', time_zone: 'America/Chicago', admin_email: '', admin_name: '' },
    validate,
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (isApiError(error))
          for (const detail of error.details ?? []) {
            const field = detail.path.replace(/^body\./, '').split('.')[0] ?? '';
            if (field in values) form.setFieldError(field, detail.message);
          }
      },
    }),
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Agencies
      </Title>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label="New agency">
        <Stack gap="md">
          <Title order={2} size="h4">
            New agency
          </Title>
          <Group grow align="flex-start">
            <TextInput label="Agency name" required {...form.getInputProps('name')} />
            <Select label="Time zone" data={timeZones} allowDeselect={false} {...form.getInputProps('time_zone')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Administrator’s name" required {...form.getInputProps('admin_name')} />
            <TextInput label="Administrator’s email" type="email" required {...form.getInputProps('admin_email')} />
          </Group>
          {create.isError && !(isApiError(create.error) && (create.error.details ?? []).length > 0) ? (
            <Alert color="red" role="alert" title="Not created">
              {create.error instanceof Error ? create.error.message : 'Please try again.'}
            </Alert>
          ) : null}
          {create.isSuccess ? (
            <Alert color="green" role="status">
              Created {create.data.organization.name}; an invitation was emailed to {create.data.invitation.email}.
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create agency and invite administrator
            </Button>
          </Group>
        </Stack>
      </Paper>

      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorState
          title="Agencies could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <Paper withBorder radius="md">
          <PlainTable aria-label="Agencies">
            <PlainThead>
              <PlainTr>
                <PlainTh>Agency</PlainTh>
                <PlainTh>Time zone</PlainTh>
                <PlainTh>Dealerships</PlainTh>
                <PlainTh>Users</PlainTh>
                <PlainTh>Sign-in link</PlainTh>
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {list.data.data.map((agency) => (
                <PlainTr key={agency.id}>
                  <PlainTd>
                    <Anchor component={Link} to={paths.agency(agency.id)}>
                      {agency.name}
                    </Anchor>
                  </PlainTd>
                  <PlainTd>{agency.time_zone}</PlainTd>
                  <PlainTd>{agency.dealership_count}</PlainTd>
                  <PlainTd>{agency.user_count}</PlainTd>
                  <PlainTd>
                    <Text size="sm" ff="monospace">
                      /login?agency={agency.slug}
                    </Text>
                  </PlainTd>
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        </Paper>
      )}
    </Stack>
  );
}
