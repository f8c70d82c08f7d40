import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF } from '@portal/contracts';
import {
  IconChartBar,
  IconHeartbeat,
  IconHistory,
  IconLogout,
  IconUsers,
  IconBuilding,
  IconPalette,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
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
  organizationId,
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
        {me.role_id <= ROLE_AGENCY_ADMIN ? (
          <>
            <Menu.Label>Agency</Menu.Label>
            <Menu.Item
              component={Link}
              to={paths.agencyOverview(organizationId)}
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              Agency overview
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.agencyUsers(organizationId)}
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              Users
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.agencyAuditLog(organizationId)}
              leftSection={<IconHistory size={16} aria-hidden />}
            >
              Audit log
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.agencyDataHealth(organizationId)}
              leftSection={<IconHeartbeat size={16} aria-hidden />}
            >
              Data health
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.agencyBranding(organizationId)}
              leftSection={<IconPalette size={16} aria-hidden />}
            >
              Branding
            </Menu.Item>
            {me.role_id === ROLE_PLATFORM_STAFF ? (
              <Menu.Item
                component={Link}
                to={paths.adminAgencies()}
                leftSection={<IconBuilding size={16} aria-hidden />}
              >
                All agencies
              </Menu.Item>
            ) : null}
            <Menu.Divider />
          </>
        ) : null}
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
