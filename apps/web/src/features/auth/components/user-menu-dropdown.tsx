import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useRef } from 'react';
import { useOpenOnMount } from '@/hooks/use-deferred-control';
import { useLogout } from '../api/logout';
import { UserMenuButton, type UserMenuProps } from './user-menu';

/**
 * The user menu itself (Mantine `Menu`), loaded by `UserMenu` on first use; `openOnMount` opens it
 * at once with the focus on its button.
 */
export default function UserMenuDropdown({
  me,
  onSignedOut,
  openOnMount = false,
}: UserMenuProps & { openOnMount?: boolean }) {
  const logoutMutation = useLogout({ onSuccess: onSignedOut });
  const button = useRef<HTMLButtonElement>(null);
  useOpenOnMount(button, openOnMount, false);

  return (
    <Menu position="bottom-end" width={240} withinPortal defaultOpened={openOnMount}>
      <Menu.Target>
        <UserMenuButton me={me} ref={button} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Text size="sm" px="sm" pb="xs" truncate>
          {me.email}
        </Text>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={logoutMutation.isPending}
          onClick={() =>
            logoutMutation.mutate(undefined, {
              onError: () =>
                notifications.show({ color: 'red', title: 'Sign out failed', message: 'Please try again.' }),
            })
          }
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
