import { Alert, MultiSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@/lib/api-client';
import { useAccountAssignments, useSetAccountAssignment } from '../api/account-assignments';

export interface AccountAssignmentsProps {
  organizationId: number;
  vendorId: number;
  vendorName: string;
  /** The agency's dealerships, to choose from. */
  dealerships: Array<{ id: number; name: string }>;
}

/**
 * 'Dealership access' of a connected platform on the Linked Platforms page (agency administrators
 * only; issue 18 item 3): each account of the connection with the dealerships that may see and
 * import it. A change is saved at once; dealership users see only their dealership's accounts.
 */
export function AccountAssignments({ organizationId, vendorId, vendorName, dealerships }: AccountAssignmentsProps) {
  const assignments = useAccountAssignments(organizationId, vendorId);
  const save = useSetAccountAssignment(organizationId, vendorId);
  const options = dealerships.map((d) => ({ value: String(d.id), label: d.name }));

  const onChange = (accountId: string, accountName: string, values: string[]) =>
    save.mutate(
      { accountId, dealershipIds: values.map(Number) },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Dealership access of ${accountName} saved` }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: isApiError(e) ? e.message : 'Something went wrong. Please try again later.',
          }),
      },
    );

  return (
    <Stack gap="xs" aria-label={`Dealership access to ${vendorName} accounts`} role="group">
      <Title order={3} size="h6">
        Dealership access
      </Title>
      <Text size="xs" c="dimmed">
        Dealership users see and import only the accounts assigned to their dealership.
      </Text>
      {assignments.isPending ? (
        <Skeleton height={60} />
      ) : assignments.isError ? (
        <Alert color="red" variant="light">
          {isApiError(assignments.error) ? assignments.error.message : 'The accounts could not be loaded'}
        </Alert>
      ) : assignments.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No accounts in this connection.
        </Text>
      ) : (
        assignments.data.data.map((account) => (
          <MultiSelect
            key={account.account_id}
            label={`${account.account_name} (${account.account_id})`}
            placeholder={account.dealership_ids.length === 0 ? 'No dealership' : undefined}
            data={options}
            value={account.dealership_ids.map(String)}
            onChange={(values) => onChange(account.account_id, account.account_name, values)}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No dealership found"
          />
        ))
      )}
    </Stack>
  );
}
