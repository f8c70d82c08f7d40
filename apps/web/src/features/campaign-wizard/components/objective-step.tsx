import { Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { objectives, objectiveTexts, wizardMessages, type Objective } from '@portal/contracts';
import { WizardStep } from './wizard-step';

const titles: Record<Objective, string> = {
  awareness: 'Awareness',
  consideration: 'Consideration',
  conversion: 'Conversion',
};

export interface ObjectiveStepProps {
  objective: Objective | null;
  onChange: (objective: Objective) => void;
  onCancel: () => void;
  onNext: () => void;
  submitting: boolean;
}

/** Objective step (spec 001 §2.4): Cancel goes up two levels (the campaigns list). */
export function ObjectiveStep({ objective, onChange, onCancel, onNext, submitting }: ObjectiveStepProps) {
  const submit = () => {
    if (!objective) {
      notifications.show({ color: 'red', message: wizardMessages.objective });
      return;
    }
    onNext();
  };
  return (
    <WizardStep
      title="What are you trying to achieve with this campaign?"
      onSubmit={submit}
      onBack={onCancel}
      backLabel="Cancel"
      submitting={submitting}
      footerNote={
        <Text size="xs" c="dimmed">
          You can still make changes before going live.
        </Text>
      }
    >
      <Radio.Group value={objective} onChange={(value) => onChange(value as Objective)} aria-label="Objective">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {objectives.map((value) => (
            <Radio.Card key={value} value={value} radius="md" p="md" aria-label={titles[value]}>
              <Stack gap={4}>
                <Radio.Indicator />
                <Text fw={600}>{titles[value]}</Text>
                <Text size="sm" c="dimmed">
                  {objectiveTexts[value]}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </WizardStep>
  );
}
