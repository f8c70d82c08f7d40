import { Badge, Group, Text } from '@mantine/core';
import { formatInteger } from '@portal/contracts';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatChangePercent } from '@/features/campaign-reports/utils/format';

/** The audience size change: green when up, red when down, a warning style at 0 % (spec 000 §2.5). */
export function AudienceChangeBadge({ change }: { change: number }) {
  const color = change > 0 ? 'green' : change < 0 ? 'red' : 'yellow';
  const Icon = change > 0 ? IconArrowUpRight : change < 0 ? IconArrowDownRight : IconArrowRight;
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      size="lg"
      leftSection={<Icon size={14} aria-hidden />}
      data-trend={change > 0 ? 'up' : change < 0 ? 'down' : 'flat'}
      aria-label={`Audience size change ${formatChangePercent(change)}`}
    >
      {formatChangePercent(change)}
    </Badge>
  );
}

/** The audience size and its change beside the trend's title (spec 000 §2.5). */
export function AudienceSizeFigure({ audience }: { audience: { size: number | null; change_percent: number | null } }) {
  return (
    <Group gap="sm" component="span" wrap="nowrap">
      <Text component="span" fw={700} size="sm">
        {audience.size !== null ? `${formatInteger(audience.size)} people` : 'Size N/A'}
      </Text>
      {audience.change_percent !== null ? <AudienceChangeBadge change={audience.change_percent} /> : null}
    </Group>
  );
}
