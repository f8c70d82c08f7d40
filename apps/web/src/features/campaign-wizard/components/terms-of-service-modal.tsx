import { Button, Group, List, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';

export interface TermsOfServiceModalProps {
  onClose: () => void;
}

/** `create/terms`: the terms that apply to campaigns created or imported through the portal. */
export function TermsOfServiceModal({ onClose }: TermsOfServiceModalProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      title="Terms of Service"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ScrollArea.Autosize mah="60vh" type="auto">
        <Stack gap="sm">
          <Text size="sm">
            These terms apply to every campaign you create or import through the Campaign Portal on behalf of your
            dealership.
          </Text>
          <Title order={3} size="h5">
            Campaigns and budgets
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>
              You confirm that you are authorised by the dealership to launch campaigns and commit the budgets you
              enter.
            </List.Item>
            <List.Item>
              Budgets, flight dates and targeting take effect once a campaign is launched; changes after launch may take
              up to two business days.
            </List.Item>
            <List.Item>
              Reported metrics come from the ad platforms and may be revised by them after the fact.
            </List.Item>
          </List>
          <Title order={3} size="h5">
            Creatives and content
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>
              You hold the rights to the images, videos, logos and copy you upload, and they comply with the advertising
              policies of the platforms the campaign runs on.
            </List.Item>
            <List.Item>
              Vehicle prices and offers shown in ads must match the dealership&apos;s current offers.
            </List.Item>
          </List>
          <Title order={3} size="h5">
            Imported campaigns
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>
              Connecting an ad account allows the portal to read its campaigns and their performance; you can disconnect
              it at any time.
            </List.Item>
          </List>
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}
