import { Button, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileImport, IconSparkles } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import classes from './source-chooser.module.css';

export type CampaignSource = 'new' | 'import';

export interface SourceChooserProps {
  /** `modal`: the 'Campaign source' screen (spec 001 §2.1); `empty`: the list's empty state (spec 000 §2.3). */
  variant?: 'modal' | 'empty';
  onContinue: (source: CampaignSource) => void;
  onCancel?: () => void;
}

interface Option {
  value: CampaignSource;
  title: string;
  description: string;
  icon: ReactNode;
}

function options(variant: 'modal' | 'empty'): Option[] {
  return [
    {
      value: 'new',
      title: variant === 'empty' ? 'Create Campaigns' : 'Create campaigns',
      description: 'Build a new campaign from scratch, with or without your vehicle inventory.',
      icon: <IconSparkles size={20} aria-hidden />,
    },
    {
      value: 'import',
      title: variant === 'empty' ? 'Import Campaigns' : 'Import campaigns',
      description: 'Bring in campaigns from a search-ads platform, a social-ads platform or other sources.',
      icon: <IconFileImport size={20} aria-hidden />,
    },
  ];
}

/** Choose between creating and importing campaigns; Continue is enabled once a choice is made. */
export function SourceChooser({ variant = 'modal', onContinue, onCancel }: SourceChooserProps) {
  const [source, setSource] = useState<CampaignSource | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (source) onContinue(source);
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Campaign source">
      <Stack gap="lg">
        <Radio.Group
          value={source}
          onChange={(value) => setSource(value as CampaignSource)}
          label={variant === 'empty' ? 'How would you like to start?' : 'Choose how to add campaigns'}
          labelProps={{ mb: 'sm' }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {options(variant).map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" className={classes.card}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={4} />
                  <Stack gap={4}>
                    <Group gap="xs" wrap="nowrap">
                      <ThemeIcon variant="light" size="md" radius="md">
                        {option.icon}
                      </ThemeIcon>
                      <Text fw={600}>{option.title}</Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {option.description}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify={variant === 'empty' ? 'center' : 'flex-end'} gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={!source}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
