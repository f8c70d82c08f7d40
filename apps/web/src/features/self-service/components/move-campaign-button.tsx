import { ActionIcon, Button, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SelfServiceCampaign } from '@portal/contracts';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useMoveSelfServiceCampaign } from '../api/self-service-campaigns';

export interface MoveCampaignButtonProps {
  campaign: SelfServiceCampaign;
  organizationId: number;
  dealershipId: number;
  /** The agency's other dealerships the campaign may move to. */
  targets: Array<{ id: number; name: string }>;
}

/**
 * 'Move to another dealership' of an imported campaign (agency administrators only; issue 18 item 3):
 * a platform campaign belongs to one dealership at a time, and moving it takes its results along.
 */
export function MoveCampaignButton({ campaign, organizationId, dealershipId, targets }: MoveCampaignButtonProps) {
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const move = useMoveSelfServiceCampaign(organizationId, dealershipId);
  const name = campaign.vendor_campaign.name;
  const destination = targets.find((d) => String(d.id) === target);

  // mutateAsync, not mutate's callbacks: the move refetches the list, this row (and this button)
  // leaves it, and TanStack Query drops a mutate() callback of an unmounted component, so the
  // confirmation would never show.
  const onMove = async () => {
    if (!destination) return;
    try {
      await move.mutateAsync({ campaignId: campaign._id, targetDealershipId: destination.id });
      setOpened(false);
      notifications.show({ color: 'green', message: `${name} moved to ${destination.name}` });
    } catch (e) {
      notifications.show({
        color: 'red',
        message: isApiError(e) ? e.message : 'Something went wrong. Please try again later.',
      });
    }
  };

  return (
    <>
      <Tooltip label="Move to another dealership">
        <ActionIcon variant="light" color="gray" onClick={() => setOpened(true)} aria-label={`Move ${name}`}>
          <IconArrowsExchange size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Move ${name}`}>
        <Stack gap="md">
          <Text size="sm">
            The campaign and its results move to the dealership you choose; only that dealership&apos;s users will see
            it.
          </Text>
          <Select
            label="Dealership"
            placeholder="Choose a dealership"
            data={targets.map((d) => ({ value: String(d.id), label: d.name }))}
            value={target}
            onChange={setTarget}
            searchable
            nothingFoundMessage="No dealership found"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button onClick={() => void onMove()} disabled={!destination} loading={move.isPending}>
              Move
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
