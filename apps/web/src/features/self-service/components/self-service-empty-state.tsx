import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileImport, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface SelfServiceEmptyStateProps {
  /** Path of the import flow (`create/import` under the self-service list). */
  importPath: string;
  /** The Linked Platforms page (step 1). */
  connectPath?: string;
}

/** 'Import your self service campaigns' in two steps (spec 001 §2.10). */
export function SelfServiceEmptyState({ importPath, connectPath }: SelfServiceEmptyStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="ss-empty-title">
      <Stack gap="lg" maw={860} mx="auto">
        <Stack gap={4} ta="center">
          <Title order={2} size="h3" id="ss-empty-title">
            Import your self service campaigns
          </Title>
          <Text c="dimmed">
            Bring the campaigns you run on a search-ads or social-ads account into the portal to report on them here.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md">
                <IconPlugConnected size={20} aria-hidden />
              </ThemeIcon>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Step 1
              </Text>
              <Title order={3} size="h5">
                Connect your account
              </Title>
              <Text size="sm" c="dimmed">
                Link the ad platform account your campaigns run on.
              </Text>
              {connectPath ? (
                <Button component={Link} to={connectPath} variant="light" mt="xs" w="fit-content">
                  Linked Platforms
                </Button>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md">
                <IconFileImport size={20} aria-hidden />
              </ThemeIcon>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Step 2
              </Text>
              <Title order={3} size="h5">
                Import your campaigns
              </Title>
              <Text size="sm" c="dimmed">
                Choose the campaigns to follow in the portal.
              </Text>
              <Button component={Link} to={importPath} variant="light" mt="xs" w="fit-content">
                Import your campaigns
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
