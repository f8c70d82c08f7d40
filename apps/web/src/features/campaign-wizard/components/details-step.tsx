import { Button, Chip, Group, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import '@mantine/dates/styles.css';
import {
  budgetWithRecommendation,
  datePresetLabels,
  flightErrors,
  flightMessages,
  lastEndDate,
  MAX_CAMPAIGN_BUDGET,
  productFlightLimits,
  matchingPreset,
  parseBudgetInput,
  presetRange,
  wizardMessages,
  type Audience,
  type DatePreset,
  formatDollars,
} from '@portal/contracts';
import { useState } from 'react';
import { useMediaMarkets, useZipLookup } from '../api/media-markets';
import type { WizardState } from '../utils/wizard-state';
import { AudiencesTable } from './audiences-table';
import { WizardStep } from './wizard-step';

export interface DetailsStepProps {
  state: WizardState;
  /** Today (YYYY-MM-DD) in the dealership's time zone: the earliest start date. */
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
  'campaignName' | 'startDate' | 'endDate' | 'budget' | 'useRecommendedBudget' | 'locations' | 'product'
> & {
  /** The budget as typed, when it is not a plain amount ('1e9', '-50'): refused at the field. */
  budgetText?: string;
};

const fieldOf = { start_date: 'startDate', end_date: 'endDate', budget: 'budget' } as const;

/**
 * The details step's checks, each message at its field: the required fields (spec 001 §5, 'This
 * field is required'), then the flight and budget rules of contracts' `flightErrors` (issue 25
 * item 5: start on or after `today` in the dealership's zone, end on or after start and within the
 * product's longest flight, budget between the product's minimum and the maximum), and a budget
 * typed as anything but a plain amount.
 */
export function validateDetails(state: DetailsValues, today: string): Errors {
  const errors: Errors = {};
  if (!state.campaignName.trim()) errors.campaignName = wizardMessages.required;
  if (!state.startDate) errors.startDate = wizardMessages.required;
  if (!state.endDate) errors.endDate = wizardMessages.required;
  const typed = state.budgetText?.trim() ?? '';
  if (!state.useRecommendedBudget && typed && parseBudgetInput(typed) === null)
    errors.budget = flightMessages.budgetNotANumber;
  else if (!state.useRecommendedBudget && state.budget === null) errors.budget = wizardMessages.required;
  if (state.locations.length === 0) errors.locations = wizardMessages.required;
  if (state.product) {
    const budget = state.useRecommendedBudget ? null : state.budget;
    for (const problem of flightErrors(
      state.product,
      { start_date: state.startDate, end_date: state.endDate, budget },
      today,
    ))
      errors[fieldOf[problem.path]] ??= problem.message;
  }
  return errors;
}

const budgetText = (budget: number | null) => (budget === null ? '' : formatDollars(budget));

const ZIP = /^\d{5}$/;

/** Step 4 (spec 001 §2.7). */
export function DetailsStep(props: DetailsStepProps) {
  const { state, onChange } = props;
  const [typedBudget, setTypedBudget] = useState(budgetText(state.budget));
  const form = useForm<Omit<DetailsValues, 'product' | 'budgetText'>>({
    mode: 'controlled',
    initialValues: {
      campaignName: state.campaignName,
      startDate: state.startDate,
      endDate: state.endDate,
      budget: state.budget,
      useRecommendedBudget: state.useRecommendedBudget,
      locations: state.locations,
    },
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
    const found = validateDetails({ ...state, ...form.getValues(), budgetText: typedBudget }, props.today);
    form.setErrors(found);
    if (Object.keys(found).length === 0) props.onNext();
  };

  return (
    <WizardStep title="Campaign details" onSubmit={submit} onBack={props.onBack} submitting={props.submitting}>
      <TextInput
        label="Campaign name"
        placeholder="My awesome campaign"
        withAsterisk
        maxLength={200}
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
            minDate={props.today}
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
            minDate={values.startDate && values.startDate > props.today ? values.startDate : props.today}
            maxDate={state.product ? lastEndDate(state.product, values.startDate ?? props.today) : undefined}
            onChange={(value) => setDates(values.startDate, value)}
            error={errors.endDate}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear end date' }}
          />
        </Group>
      </Stack>
      <Group align="flex-end">
        <TextInput
          label="Budget"
          withAsterisk={!values.useRecommendedBudget}
          inputMode="decimal"
          placeholder="$5,000"
          description={
            state.product
              ? `Between ${budgetText(productFlightLimits[state.product].minBudget)} and ${budgetText(MAX_CAMPAIGN_BUDGET)}`
              : undefined
          }
          disabled={values.useRecommendedBudget}
          value={typedBudget}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setTypedBudget(text);
            form.setFieldValue('budget', text.trim() ? parseBudgetInput(text) : null);
          }}
          onBlur={() => {
            const amount = parseBudgetInput(typedBudget);
            if (amount !== null) setTypedBudget(budgetText(amount));
          }}
          error={errors.budget}
          w={220}
        />
        <Switch
          mb={8}
          label="Use recommended budget?"
          checked={values.useRecommendedBudget}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            const budget = budgetWithRecommendation(on, values.budget);
            form.setValues({ useRecommendedBudget: on, budget });
            setTypedBudget(budgetText(budget));
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
