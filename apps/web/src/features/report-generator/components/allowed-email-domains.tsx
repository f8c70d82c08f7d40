import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { emailDomainSchema } from '@portal/contracts';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { isApiError } from '@/lib/api-client';
import { useAddEmailDomain, useEmailDomains, useRemoveEmailDomain } from '../api/email-domains';

/**
 * The agency's allowed report email domains (issue 18, docs/reports.md "Recipients"), for platform
 * staff and agency administrators: reports go to the dealership's users or to addresses of these
 * domains. Lists, adds (checked with the shared `emailDomainSchema`, the refusal shown at the field)
 * and removes.
 */
export function AllowedEmailDomains({ organizationId }: { organizationId: number }) {
  const domains = useEmailDomains(organizationId, true);
  const add = useAddEmailDomain(organizationId);
  const remove = useRemoveEmailDomain(organizationId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = emailDomainSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a domain such as example.com');
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        setValue('');
        setError(null);
      },
      onError: (failure) =>
        setError(isApiError(failure) ? (failure.details?.[0]?.message ?? failure.message) : 'An error has occured'),
    });
  };

  return (
    <Stack gap={6} data-testid="allowed-email-domains">
      <Text size="xs" c="dimmed">
        Reports can be emailed to the users of this dealership and to any address of these domains.
      </Text>
      {domains.isError ? (
        <ErrorState error={domains.error} onRetry={() => void domains.refetch()} />
      ) : (
        <Group gap={6}>
          {(domains.data?.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {domains.isPending ? 'Loading domains...' : 'No domains allowed'}
            </Text>
          ) : (
            domains.data!.data.map(({ domain }) => (
              <Group key={domain} gap={2} wrap="nowrap">
                <Text size="sm">{domain}</Text>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Remove ${domain}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(domain)}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))
          )}
        </Group>
      )}
      <Group align="flex-start" gap="sm">
        <TextInput
          style={{ flex: 1 }}
          size="sm"
          label="Allow an email domain"
          placeholder="example.com"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button variant="default" mt={25} size="sm" loading={add.isPending} onClick={submit}>
          Allow
        </Button>
      </Group>
    </Stack>
  );
}
