import { Alert, Button, Group, Modal, MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { inviteUserBodySchema, type AgencyUser, type AssignableRole } from '@portal/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { timeZoneOptions } from '@/lib/time-zones';

export interface DealershipOption {
  id: number;
  name: string;
}

export interface UserFormValues {
  email: string;
  name: string;
  role_id: AssignableRole;
  dealership_ids: number[];
  /** The user's own IANA zone (their morning alert digest); null: the agency's. Edited users only. */
  time_zone: string | null;
}

/** The time zone choice that keeps the agency's. */
const AGENCY_ZONE = '';

/**
 * The invite form (email, name, role, dealerships for a dealership user) or, with `user`, the edit
 * form of a user's role, dealerships and time zone (the agency's, or one of their own: their morning
 * alert digest arrives at 08:00 in it). Checked with the contract's schema; the server's field
 * messages are shown at their field.
 */
export function UserFormModal({
  opened,
  onClose,
  user,
  dealerships,
  pending,
  error,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  user?: AgencyUser | null;
  dealerships: DealershipOption[];
  pending: boolean;
  error: unknown;
  onSubmit: (values: UserFormValues) => void;
}) {
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [role, setRole] = useState<AssignableRole>(user?.role_id === 2 ? 2 : 3);
  const [selected, setSelected] = useState<string[]>((user?.dealership_ids ?? []).map(String));
  const [timeZone, setTimeZone] = useState<string>(user?.time_zone ?? AGENCY_ZONE);
  const zones = useMemo(
    () => [
      { value: AGENCY_ZONE, label: "The agency's time zone" },
      ...timeZoneOptions(user?.time_zone).map((zone) => ({ value: zone, label: zone })),
    ],
    [user?.time_zone],
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const editing = Boolean(user);

  const serverErrors: Record<string, string> = {};
  if (isApiError(error))
    for (const detail of error.details ?? []) serverErrors[detail.path.replace(/^body\./, '')] = detail.message;
  const errorOf = (field: string) => fieldErrors[field] ?? serverErrors[field];
  const general =
    isApiError(error) && (error.details ?? []).length === 0
      ? error.message
      : error && !isApiError(error)
        ? 'Something went wrong. Please try again.'
        : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = {
      email,
      name: name || email,
      role_id: role,
      dealership_ids: role === 3 ? selected.map(Number) : [],
      time_zone: timeZone === AGENCY_ZONE ? null : timeZone,
    };
    if (!editing) {
      const parsed = inviteUserBodySchema.safeParse(values);
      if (!parsed.success) {
        setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
        return;
      }
    }
    if (role === 3 && selected.length === 0) {
      setFieldErrors({ dealership_ids: 'Choose at least one dealership for a dealership user' });
      return;
    }
    setFieldErrors({});
    onSubmit(values);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Change ${user!.email}` : 'Invite a user'} centered>
      <form onSubmit={submit} noValidate aria-label={editing ? 'Change the user' : 'Invite a user'}>
        <Stack gap="md">
          {editing ? null : (
            <>
              <TextInput
                label="Email"
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={errorOf('email')}
                data-autofocus
              />
              <TextInput
                label="Name"
                required
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={errorOf('name')}
              />
            </>
          )}
          <Radio.Group
            label="Role"
            value={String(role)}
            onChange={(value) => setRole(value === '2' ? 2 : 3)}
            error={errorOf('role_id')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="3" label="Dealership user — opens the dealerships chosen below" />
              <Radio value="2" label="Agency administrator — opens every dealership, manages users" />
            </Stack>
          </Radio.Group>
          {role === 3 ? (
            <MultiSelect
              label="Dealerships"
              placeholder="Choose dealerships"
              data={dealerships.map((d) => ({ value: String(d.id), label: d.name }))}
              value={selected}
              onChange={setSelected}
              searchable
              error={errorOf('dealership_ids')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {editing ? (
            <Select
              label="Time zone"
              description="Their morning alert email arrives at 8:00 AM in this zone"
              data={zones}
              value={timeZone}
              onChange={(value) => setTimeZone(value ?? AGENCY_ZONE)}
              searchable
              allowDeselect={false}
              maxDropdownHeight={240}
              error={errorOf('time_zone')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {general ? (
            <Alert color="red" variant="light" role="alert">
              {general}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} type="button">
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? 'Save' : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
