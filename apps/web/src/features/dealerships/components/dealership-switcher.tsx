import { Input, InputBase } from '@mantine/core';
import { IconBuildingStore, IconSelector } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useDeferredControl } from '@/hooks/use-deferred-control';
import { useDealerships } from '../api/list-dealerships';

export interface DealershipSwitcherProps {
  organizationId: number;
  dealershipId: number;
  onChange: (dealershipId: number) => void;
}

const loadSelect = () => import('./dealership-switcher-select');
const DealershipSelect = lazy(loadSelect);

/**
 * Select over the dealerships the user may open in the current agency. Until it is used, a field
 * that looks the same names the current dealership; the Select's code (Mantine's combobox and
 * floating UI) loads when it is reached and opens on the click or key that reached for it
 * (`useDeferredControl`, docs/performance.md).
 */
export function DealershipSwitcher(props: DealershipSwitcherProps) {
  const dealershipsQuery = useDealerships(props.organizationId);
  const current = dealershipsQuery.data?.data.find((dealership) => dealership.id === props.dealershipId);
  const { used, triggerProps } = useDeferredControl(loadSelect);
  const field = (
    <InputBase
      component="button"
      type="button"
      aria-label="Dealership"
      leftSection={<IconBuildingStore size={16} aria-hidden />}
      rightSection={<IconSelector size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      w={{ base: 180, sm: 260, lg: 320 }}
      styles={{ input: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
      pointer
      {...triggerProps}
    >
      {current?.name ?? (
        <Input.Placeholder>
          {dealershipsQuery.isPending ? 'Loading dealerships…' : 'Select a dealership'}
        </Input.Placeholder>
      )}
    </InputBase>
  );
  if (!used) return field;
  return (
    <Suspense fallback={field}>
      <DealershipSelect {...props} openOnMount />
    </Suspense>
  );
}
