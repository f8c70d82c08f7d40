import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  buildFilterPayload,
  filterSummary,
  formatCurrency,
  formatInteger,
  MAX_REVIEW_AUDIENCES,
  objectiveTexts,
  wizardProducts,
} from '@portal/contracts';
import { formatDateRange } from '@/lib/dates';
import type { WizardState } from '../utils/wizard-state';
import { exampleAdImage, productIcon } from './product-visuals';
import { WizardStep } from './wizard-step';

export interface ReviewStepProps {
  state: WizardState;
  onNotes: (notes: string) => void;
  onEdit: (step: number) => void;
  onBack: () => void;
  onNext: () => void;
  submitting: boolean;
}

function Section({ title, children, onEdit }: { title: string; children: React.ReactNode; onEdit?: () => void }) {
  return (
    <Card withBorder radius="md" p="sm">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {onEdit ? (
          <Anchor component="button" type="button" size="xs" onClick={onEdit}>
            Edit
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

/** Step 5 (spec 001 §2.8). */
export function ReviewStep({ state, onNotes, onEdit, onBack, onNext, submitting }: ReviewStepProps) {
  const inventory = state.campaignType === 'inventory';
  const product = state.product ? wizardProducts[state.product] : null;
  const filters = inventory ? filterSummary(buildFilterPayload(state.filters)) : null;
  const audiences = state.useCustomAudience ? state.audiences.slice(0, MAX_REVIEW_AUDIENCES) : [];
  const links = state.customCreatives && state.product ? (state.creatives[state.product] ?? []) : [];
  return (
    <WizardStep
      title={`Review - ${state.campaignName}`}
      subtitle="You can revise all your steps here before launching"
      onSubmit={onNext}
      onBack={onBack}
      submitLabel={inventory ? 'Continue' : 'Create campaign!'}
      submitting={submitting}
    >
      <Title order={3} size="h5">
        Your new campaign consists of:
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Section title="Locations" onEdit={() => onEdit(4)}>
          <Text size="sm">{state.locations.join(', ')}</Text>
        </Section>
        <Section title="Dates" onEdit={() => onEdit(4)}>
          <Text size="sm">
            {state.startDate && state.endDate ? formatDateRange(state.startDate, state.endDate) : ''}
          </Text>
        </Section>
        {audiences.length > 0 ? (
          <Section title="Marketing audiences" onEdit={() => onEdit(4)}>
            <Group gap="xs">
              {audiences.map((a) => (
                <Card key={a.id} withBorder p={6} radius="sm">
                  <Text size="xs" fw={600}>
                    {a.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatInteger(a.size)}
                  </Text>
                </Card>
              ))}
            </Group>
          </Section>
        ) : null}
        {state.objective ? (
          <Section title="Objective">
            <Text size="sm">{objectiveTexts[state.objective]}</Text>
          </Section>
        ) : null}
        {inventory ? (
          <Section title="Cars to promote">
            {filters ? (
              <List size="sm">
                {filters.map((f) => (
                  <List.Item key={f.label}>
                    {f.label}: {f.value}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm">All cars</Text>
            )}
          </Section>
        ) : null}
        {product && state.product ? (
          <Section title="Promote using">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light">{productIcon(state.product)}</ThemeIcon>
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {product.description}
                </Text>
                <Text size="sm">Budget: {formatCurrency(state.budget)}</Text>
              </Stack>
            </Group>
          </Section>
        ) : null}
        {!inventory ? (
          <Section title="Custom creatives">
            {links.length ? (
              <Group gap="xs">
                {links.map((l) => (
                  <Badge key={l} variant="light">
                    {l.split('/').pop()}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm">Default creatives</Text>
            )}
          </Section>
        ) : null}
        {state.product ? (
          <Section title="Example ads">
            <Image src={exampleAdImage[state.product]} alt="Example ad" mah={140} fit="contain" />
          </Section>
        ) : null}
      </SimpleGrid>
      <Textarea
        label="Additional notes"
        autosize
        minRows={2}
        value={state.notes}
        onChange={(e) => onNotes(e.currentTarget.value)}
      />
    </WizardStep>
  );
}
