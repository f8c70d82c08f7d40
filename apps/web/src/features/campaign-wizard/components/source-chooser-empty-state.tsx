import { Paper, Stack, Text, Title } from '@mantine/core';
import { SourceChooser, type CampaignSource } from './source-chooser';

export interface SourceChooserEmptyStateProps {
  title?: string;
  description?: string;
  onContinue: (source: CampaignSource) => void;
}

/** The source chooser shown where a dealership has no managed campaigns yet (spec 000 §2.3, 001 §2.1). */
export function SourceChooserEmptyState({
  title = 'No campaigns yet',
  description = 'Create your first campaign or import the ones you already run.',
  onContinue,
}: SourceChooserEmptyStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title}>
      <Stack gap="lg" maw={760} mx="auto">
        <Stack gap={4} ta="center">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        <SourceChooser variant="empty" onContinue={onContinue} />
      </Stack>
    </Paper>
  );
}
