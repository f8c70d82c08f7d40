import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useDealerships } from '../api/list-dealerships';

export interface DealershipSwitcherProps {
  organizationId: number;
  dealershipId: number;
  onChange: (dealershipId: number) => void;
}

/** Select over the dealerships the user may open in the current agency. */
export function DealershipSwitcher({ organizationId, dealershipId, onChange }: DealershipSwitcherProps) {
  const dealershipsQuery = useDealerships(organizationId);
  const data = (dealershipsQuery.data?.data ?? []).map((dealership) => ({
    value: String(dealership.id),
    label: dealership.name,
  }));
  const value = data.some((option) => option.value === String(dealershipId)) ? String(dealershipId) : null;

  return (
    <Select
      aria-label="Dealership"
      placeholder={dealershipsQuery.isPending ? 'Loading dealerships…' : 'Select a dealership'}
      data={data}
      value={value}
      onChange={(next) => {
        if (next && next !== String(dealershipId)) onChange(Number(next));
      }}
      searchable={data.length > 8}
      allowDeselect={false}
      nothingFoundMessage="No dealerships found"
      leftSection={<IconBuildingStore size={16} aria-hidden />}
      w={{ base: 180, sm: 260, lg: 320 }}
      // Unmounted while closed, so 'Dealership' labels the input alone until the list opens.
      comboboxProps={{ width: 320, position: 'bottom-start', keepMounted: false }}
    />
  );
}
