import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useOrganizations } from '../api/list-organizations';

export interface AgencySwitcherProps {
  organizationId: number;
  onChange: (organizationId: number) => void;
}

/** Select over every agency, for platform staff (role 1). */
export function AgencySwitcher({ organizationId, onChange }: AgencySwitcherProps) {
  const organizationsQuery = useOrganizations();
  const data = (organizationsQuery.data?.data ?? []).map((organization) => ({
    value: String(organization.id),
    label: organization.name,
  }));
  const value = data.some((option) => option.value === String(organizationId)) ? String(organizationId) : null;

  return (
    <Select
      aria-label="Agency"
      placeholder={organizationsQuery.isPending ? 'Loading agencies…' : 'Select an agency'}
      data={data}
      value={value}
      onChange={(next) => {
        if (next && next !== String(organizationId)) onChange(Number(next));
      }}
      searchable={data.length > 8}
      allowDeselect={false}
      nothingFoundMessage="No agencies found"
      leftSection={<IconBuilding size={16} aria-hidden />}
      w={{ base: 160, sm: 220 }}
      comboboxProps={{ width: 300, position: 'bottom-start', keepMounted: false }}
    />
  );
}
