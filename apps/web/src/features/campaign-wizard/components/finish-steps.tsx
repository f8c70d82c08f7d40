import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconRocket } from '@tabler/icons-react';

/** Step 6 of the non-inventory flow (spec 001 §2.2 reading A). */
export function LaunchStep(props: { onCreate: () => void; onHold: () => void; creating: boolean }) {
  return (
    <Stack align="center" gap="md" py="lg">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconRocket size={32} aria-hidden />
      </ThemeIcon>
      <Title order={2}>Ready to launch!</Title>
      <Text c="dimmed">This is your moment of glory</Text>
      <Group>
        <Button variant="default" onClick={props.onHold} disabled={props.creating}>
          Hold on, not yet
        </Button>
        <Button onClick={props.onCreate} loading={props.creating}>
          Create campaign!
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 6 of the inventory flow (spec 001 §2.2 reading C). */
export function SuccessStep(props: { onClose: () => void }) {
  return (
    <Stack align="center" gap="md" py="lg">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCircleCheck size={32} aria-hidden />
      </ThemeIcon>
      <Title order={2}>Nice! Campaign successfully created!</Title>
      <Text c="dimmed">Please allow 24 hours for confirmation</Text>
      <Button onClick={props.onClose}>Close this window</Button>
    </Stack>
  );
}
