import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import {
  buildFilterPayload,
  filterSummary,
  formatCurrency,
  formatInteger,
  MAX_REVIEW_AUDIENCES,
  objectiveTexts,
  wizardProducts,
  type InventoryVehicle,
  formatDateRange,
} from '@portal/contracts';
import type { TenantIds } from '../api/drafts';
import { useCreativeFiles } from '../api/get-creative-files';
import { stepOrder, type WizardState } from '../utils/wizard-state';
import { CreativeFileRows } from './creative-files';
import { ExampleAd, productIcon } from './product-visuals';
import { WizardStep } from './wizard-step';

export interface ReviewStepProps {
  state: WizardState;
  onNotes: (notes: string) => void;
  onEdit: (step: number) => void;
  onBack: () => void;
  onNext: () => void;
  submitting: boolean;
  /** Shown in the example ad (issue 25 item 9): the current dealership and one of its vehicles. */
  dealershipName?: string | undefined;
  exampleVehicle?: InventoryVehicle | undefined;
  /** The dealership the creatives were uploaded for: their original names and thumbnails come from it. */
  ids?: TenantIds | undefined;
}

function Section({ title, children, onEdit }: { title: string; children: React.ReactNode; onEdit?: () => void }) {
  return (
    <Card withBorder radius="md" p="sm">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {onEdit ? (
          <Anchor component="button" type="button" size="xs" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The step of our flow where each review item is chosen, which its Edit link opens. §2.8 gives
 * "step 4 (details) and step 5 (audience)": the marketing audiences live on our details step
 * (docs/campaign-wizard.md has the mapping).
 */
export const reviewItemSteps = {
  locations: 'details',
  dates: 'details',
  audiences: 'details',
  objective: 'objective',
  carsToPromote: 'filters',
  product: 'product',
  creatives: 'product',
} as const;

/** Step 5 (spec 001 §2.8). */
export function ReviewStep(props: ReviewStepProps) {
  const { state, onNotes, onEdit, onBack, onNext, submitting } = props;
  const inventory = state.campaignType === 'inventory';
  const product = state.product ? wizardProducts[state.product] : null;
  const filters = inventory ? filterSummary(buildFilterPayload(state.filters)) : null;
  const audiences = state.useCustomAudience ? state.audiences.slice(0, MAX_REVIEW_AUDIENCES) : [];
  // Issue 25 item 11: the cards that do not fit are counted, not silently dropped.
  const hiddenAudiences = state.useCustomAudience ? state.audiences.length - audiences.length : 0;
  const kind = state.campaignType ?? 'non_inventory';
  /** The item's Edit handler, or none when its step is not part of this flow. */
  const edit = (item: keyof typeof reviewItemSteps) => {
    const index = stepOrder[kind].indexOf(reviewItemSteps[item]);
    return index < 0 ? undefined : () => onEdit(index + 1);
  };
  const links = state.customCreatives && state.product ? (state.creatives[state.product] ?? []) : [];
  const creativeFiles = useCreativeFiles(props.ids, links);
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
        <Section title="Locations" onEdit={edit('locations')}>
          {/* '; ' between them: a market's name may hold a comma ('Columbia, SC'). */}
          <Text size="sm">{state.locations.join('; ')}</Text>
        </Section>
        <Section title="Dates" onEdit={edit('dates')}>
          <Text size="sm">
            {state.startDate && state.endDate ? formatDateRange(state.startDate, state.endDate) : ''}
          </Text>
        </Section>
        {audiences.length > 0 ? (
          <Section title="Marketing audiences" onEdit={edit('audiences')}>
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
              {hiddenAudiences > 0 ? (
                <Text size="sm" c="dimmed">
                  +{hiddenAudiences} more
                </Text>
              ) : null}
            </Group>
          </Section>
        ) : null}
        {state.objective ? (
          <Section title="Objective" onEdit={edit('objective')}>
            <Text size="sm">{objectiveTexts[state.objective]}</Text>
          </Section>
        ) : null}
        {inventory ? (
          <Section title="Cars to promote" onEdit={edit('carsToPromote')}>
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
          <Section title="Promote using" onEdit={edit('product')}>
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
          <Section title="Custom creatives" onEdit={edit('creatives')}>
            {links.length ? (
              <CreativeFileRows links={links} files={creativeFiles.data?.files} />
            ) : (
              <Text size="sm">Default creatives</Text>
            )}
          </Section>
        ) : null}
        {state.product ? (
          <Section title="Example ads">
            <ExampleAd product={state.product} dealershipName={props.dealershipName} vehicle={props.exampleVehicle} />
          </Section>
        ) : null}
      </SimpleGrid>
      <Textarea
        label="Additional notes"
        maxLength={4000}
        autosize
        minRows={2}
        value={state.notes}
        onChange={(e) => onNotes(e.currentTarget.value)}
      />
    </WizardStep>
  );
}
