import { useLocalStorage } from '@mantine/hooks';

export type ViewMode = 'table' | 'grid';

export const VIEW_MODE_STORAGE_KEY = 'portal.campaigns.view';

/** Grid or table, remembered in localStorage across reloads; table by default. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [stored, setStored] = useLocalStorage<ViewMode>({
    key: VIEW_MODE_STORAGE_KEY,
    defaultValue: 'table',
    getInitialValueInEffect: false,
  });
  const mode: ViewMode = stored === 'grid' ? 'grid' : 'table';
  return [mode, setStored];
}
