import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Me } from '@portal/contracts';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useLogout } from '../api/logout';

export interface UserMenuProps {
  me: Me;
  onSignedOut: () => void;
}

function initials(me: Me): string {
  const source = me.name.trim() || me.email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The signed-in user's email and the Sign out action. */
export function UserMenu({ me, onSignedOut }: UserMenuProps) {
  const logoutMutation = useLogout({ onSuccess: onSignedOut });

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by the email it shows (WCAG 2.5.3 label in name); the initials are decoration. */}
        <UnstyledButton>
          <Group gap={6} wrap="nowrap">
            <Avatar size="sm" radius="xl" color="blue" aria-hidden>
              {initials(me)}
            </Avatar>
            <Text size="sm" visibleFrom="md" truncate maw={200}>
              {me.email}
            </Text>
            <VisuallyHidden>, user menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
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
