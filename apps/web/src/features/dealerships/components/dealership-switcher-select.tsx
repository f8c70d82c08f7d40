import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useRef } from 'react';
import { useOpenOnMount } from '@/hooks/use-deferred-control';
import { useDealerships } from '../api/list-dealerships';
import type { DealershipSwitcherProps } from './dealership-switcher';

/**
 * The dealership switcher's Select, loaded by `DealershipSwitcher` on first use; `openOnMount`
 * opens its list at once with the focus in the field (type to search when there are many).
 */
export default function DealershipSelect({
  organizationId,
  dealershipId,
  onChange,
  openOnMount = false,
}: DealershipSwitcherProps & { openOnMount?: boolean }) {
  const field = useRef<HTMLInputElement>(null);
  useOpenOnMount(field, openOnMount, false);
  const dealershipsQuery = useDealerships(organizationId);
  const data = (dealershipsQuery.data?.data ?? []).map((dealership) => ({
    value: String(dealership.id),
    label: dealership.name,
  }));
  const value = data.some((option) => option.value === String(dealershipId)) ? String(dealershipId) : null;

  return (
    <Select
      ref={field}
      defaultDropdownOpened={openOnMount}
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
