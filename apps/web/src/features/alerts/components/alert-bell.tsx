import { Anchor, Badge } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useOpenAlertCount } from '../api/alert-count';

/**
 * The header's bell (issue 21 §3): open alerts the user may see, linking to the alert centre. Built
 * from what the shell already loads (Anchor, Badge): it is in every page's first load.
 */
export function AlertBell({ organizationId }: { organizationId: number }) {
  const count = useOpenAlertCount(organizationId);
  const open = count.data?.open ?? 0;
  const label = open === 1 ? '1 open alert' : `${open} open alerts`;
  return (
    <Anchor
      component={Link}
      to={paths.agencyAlerts(organizationId)}
      c="gray.7"
      aria-label={`Alerts: ${label}`}
      title={label}
      data-testid="alert-bell"
      style={{ position: 'relative', display: 'inline-flex', padding: 6 }}
    >
      <IconBell size={20} aria-hidden />
      {open > 0 ? (
        <Badge
          size="xs"
          color="red"
          variant="filled"
          aria-hidden
          data-testid="alert-count"
          style={{ position: 'absolute', top: -2, right: -6 }}
        >
          {open > 99 ? '99+' : open}
        </Badge>
      ) : null}
    </Anchor>
  );
}
