import { Badge } from '@mantine/core';
import { type CampaignStatus } from '@portal/contracts';
import { statusColor, statusLabel } from '../utils/campaign-display';

/**
 * Active as success (green), pending and the others as warning (yellow) (spec 000 §4). The badge
 * never shrinks beside a long campaign name and its label never ellipsizes in a narrow table column,
 * so it is never cut ('PENDI…'; issue 20 §3).
 */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {statusLabel(status)}
    </Badge>
  );
}
