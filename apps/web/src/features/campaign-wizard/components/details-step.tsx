import { Button, Chip, Group, NumberInput, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import '@mantine/dates/styles.css';
import {
  budgetWithRecommendation,
  datePresetLabels,
  matchingPreset,
  presetRange,
  wizardMessages,
  type Audience,
  type DatePreset,
} from '@portal/contracts';
import { useState } from 'react';
import { useMediaMarkets, useZipLookup } from '../api/media-markets';
import type { WizardState } from '../utils/wizard-state';
import { AudiencesTable } from './audiences-table';
import { WizardStep } from './wizard-step';

export interface DetailsStepProps {
  state: WizardState;
  today: string;
  audiences: { data: Audience[] | undefined; loading: boolean; error: unknown; refetch: () => void };
  detailsPath: (id: number) => string;
  createAudiencePath: string;
  onChange: (patch: Partial<WizardState>) => void;
  onBack: () => void;
  onNext: () => void;
  submitting: boolean;
}

type Errors = Partial<Record<'campaignName' | 'startDate' | 'endDate' | 'budget' | 'locations', string>>;
type DetailsValues = Pick<
  WizardState,
  'campaignName' | 'startDate' | 'endDate' | 'budget' | 'useRecommendedBudget' | 'locations'
>;

/** The details step's required fields (spec 001 §5): 'This field is required' for each one missing. */
export function validateDetails(state: DetailsValues): Errors {
  const errors: Errors = {};
  if (!state.campaignName.trim()) errors.campaignName = wizardMessages.required;
  if (!state.startDate) errors.startDate = wizardMessages.required;
  if (!state.endDate) errors.endDate = wizardMessages.required;
  if (!state.useRecommendedBudget && (state.budget === null || !(state.budget > 0)))
    errors.budget = wizardMessages.required;
  if (state.locations.length === 0) errors.locations = wizardMessages.required;
  return errors;
}

const ZIP = /^\d{5}$/;

/** Step 4 (spec 001 §2.7). */
export function DetailsStep(props: DetailsStepProps) {
  const { state, onChange } = props;
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: {
      campaignName: state.campaignName,
      startDate: state.startDate,
      endDate: state.endDate,
      budget: state.budget,
      useRecommendedBudget: state.useRecommendedBudget,
      locations: state.locations,
    },
    validate: (values) => validateDetails({ ...state, ...values }),
    // The wizard state follows the form, so a reload or a later step sees what was typed.
    onValuesChange: (values) => onChange(values),
  });
  const errors = form.errors as Errors;
  const values = form.getValues();
  const markets = useMediaMarkets();
  const lookup = useZipLookup();
  const [zip, setZip] = useState('');
  const [zipResult, setZipResult] = useState<{ found: string | null } | null>(null);
  const [finding, setFinding] = useState(false);
  const marketNames = markets.data?.data.map((m) => m.dma) ?? [];

  const setDates = (startDate: string | null, endDate: string | null) => {
    form.setValues({ startDate, endDate });
    onChange({ datePreset: matchingPreset(startDate, endDate, props.today) });
  };
  const choosePreset = (preset: DatePreset) => {
    const range = presetRange(preset, props.today);
    form.setValues({ startDate: range.start, endDate: range.end });
    form.clearFieldError('startDate');
    form.clearFieldError('endDate');
    onChange({ datePreset: preset });
  };
  const findRegion = async () => {
    if (!zip.trim()) return;
    setFinding(true);
    try {
      const found = await lookup(zip);
      setZipResult({ found });
      const current = form.getValues().locations;
      if (found && !current.includes(found)) {
        form.setFieldValue('locations', [...current, found]);
        form.clearFieldError('locations');
      }
    } catch {
      setZipResult({ found: null });
    } finally {
      setFinding(false);
    }
  };
  const submit = () => {
    if (!form.validate().hasErrors) props.onNext();
  };

  return (
    <WizardStep title="Campaign details" onSubmit={submit} onBack={props.onBack} submitting={props.submitting}>
      <TextInput
        label="Campaign name"
        placeholder="My awesome campaign"
        withAsterisk
        {...form.getInputProps('campaignName')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Dates
        </Text>
        <Chip.Group
          multiple={false}
          value={state.datePreset ?? ''}
          onChange={(value) => value && choosePreset(value as DatePreset)}
        >
          <Group gap="xs">
            {(['eom', 'next_month'] as const).map((preset) => (
              <Chip key={preset} value={preset} size="sm">
                {datePresetLabels[preset]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group grow align="flex-start">
          <DateInput
            label="Start date"
            withAsterisk
            valueFormat="MM/DD/YYYY"
            placeholder="MM/DD/YYYY"
            value={values.startDate}
            onChange={(value) => setDates(value, values.endDate)}
            error={errors.startDate}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear start date' }}
          />
          <DateInput
            label="End date"
            withAsterisk
            valueFormat="MM/DD/YYYY"
            placeholder="MM/DD/YYYY"
            value={values.endDate}
            onChange={(value) => setDates(values.startDate, value)}
            error={errors.endDate}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear end date' }}
          />
        </Group>
      </Stack>
      <Group align="flex-end">
        <NumberInput
          label="Budget"
          withAsterisk={!values.useRecommendedBudget}
          prefix="$"
          min={1}
          thousandSeparator=","
          decimalScale={2}
          disabled={values.useRecommendedBudget}
          value={values.budget ?? ''}
          onChange={(value) => form.setFieldValue('budget', value === '' ? null : Number(value))}
          error={errors.budget}
          w={220}
        />
        <Switch
          mb={8}
          label="Use recommended budget?"
          checked={values.useRecommendedBudget}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            form.setValues({ useRecommendedBudget: on, budget: budgetWithRecommendation(on, values.budget) });
            form.clearFieldError('budget');
          }}
        />
      </Group>
      <TagsInput
        label="Location"
        withAsterisk
        placeholder="Choose your media market or enter any valid US zip code"
        data={marketNames}
        limit={50}
        value={values.locations}
        onChange={(next) => {
          form.setFieldValue(
            'locations',
            next.filter((v) => marketNames.includes(v) || ZIP.test(v)),
          );
        }}
        error={errors.locations}
        description={markets.isError ? 'Media markets could not be loaded; ZIP codes still work.' : undefined}
      />
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Find the media market of a zip code"
          placeholder="e.g. 29601"
          value={zip}
          onChange={(e) => {
            setZip(e.currentTarget.value);
            setZipResult(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void findRegion();
            }
          }}
          error={zipResult && !zipResult.found ? wizardMessages.dmaNotFound : undefined}
          w={260}
        />
        <Button
          variant="light"
          onClick={() => void findRegion()}
          loading={finding}
          mb={zipResult && !zipResult.found ? 22 : 0}
        >
          Find region
        </Button>
        {zipResult?.found ? (
          <Text size="sm" mb={8}>
            {zipResult.found}
          </Text>
        ) : null}
      </Group>
      <Switch
        label="Marketing audiences"
        checked={state.useCustomAudience}
        onChange={(e) => onChange({ useCustomAudience: e.currentTarget.checked })}
      />
      {state.useCustomAudience ? (
        <AudiencesTable
          audiences={props.audiences.data}
          loading={props.audiences.loading}
          error={props.audiences.error}
          onRetry={props.audiences.refetch}
          selected={state.audiences}
          onChange={(audiences) => onChange({ audiences })}
          detailsPath={props.detailsPath}
          createAudiencePath={props.createAudiencePath}
        />
      ) : null}
    </WizardStep>
  );
}
