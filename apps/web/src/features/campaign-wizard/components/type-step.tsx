import { Alert, Anchor, Checkbox, Group, Loader, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingWarehouse, IconDeviceTv, IconFileImport, IconInfoCircle } from '@tabler/icons-react';
import { formatInteger, wizardMessages } from '@portal/contracts';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import type { CampaignKind } from '../utils/wizard-state';
import { WizardStep } from './wizard-step';

export interface TypeStepProps {
  campaignType: CampaignKind | null;
  termsAccepted: boolean;
  inventorySize: number | undefined;
  inventoryLoading: boolean;
  termsPath: string;
  inventoryPagePath: string;
  onChange: (patch: { campaignType?: CampaignKind; termsAccepted?: boolean }) => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 1 (spec 001 §2.3, §5). */
export function TypeStep(props: TypeStepProps) {
  const [termsError, setTermsError] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const hasInventory = (props.inventorySize ?? 0) > 0;
  /** Continue: says what is missing (terms, type; issue 25 item 6) instead of doing nothing. */
  const submit = (campaignType = props.campaignType) => {
    if (!campaignType) setTypeError(wizardMessages.campaignType);
    if (!props.termsAccepted) setTermsError(wizardMessages.terms);
    if (!campaignType || !props.termsAccepted) return;
    props.onNext();
  };
  /** Enter on a focused choice chooses it and continues, as Continue would. */
  const enterOn = (value: CampaignKind) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    if (value !== props.campaignType) props.onChange({ campaignType: value });
    setTypeError(null);
    submit(value);
  };
  return (
    <WizardStep
      title="What type of campaign do you want to build?"
      onSubmit={() => submit()}
      onBack={props.onBack}
      submitDisabled={!props.termsAccepted}
      footerNote={
        props.termsAccepted ? null : (
          <Text size="xs" c="dimmed">
            {wizardMessages.termsHint}
          </Text>
        )
      }
    >
      <Radio.Group
        value={props.campaignType}
        onChange={(value) => {
          setTypeError(null);
          props.onChange({ campaignType: value as CampaignKind });
        }}
        aria-label="Campaign type"
        error={typeError}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Radio.Card value="non_inventory" radius="md" p="md" onKeyDown={enterOn('non_inventory')}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <ThemeIcon variant="light">
                <IconDeviceTv size={18} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>Mobile, TV, Audio</Text>
            </Group>
          </Radio.Card>
          <Radio.Card
            value="inventory"
            radius="md"
            p="md"
            disabled={!hasInventory}
            onKeyDown={hasInventory ? enterOn('inventory') : undefined}
          >
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator disabled={!hasInventory} />
              <ThemeIcon variant="light">
                <IconBuildingWarehouse size={18} aria-hidden />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600}>Campaign using my current inventory</Text>
                <Text size="sm" c="dimmed" data-testid="inventory-size">
                  {props.inventoryLoading ? (
                    <Loader size="xs" />
                  ) : (
                    `${formatInteger(props.inventorySize ?? 0)} vehicles in your inventory`
                  )}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        </SimpleGrid>
      </Radio.Group>
      {!props.inventoryLoading && !hasInventory ? (
        <Group gap="xs" aria-disabled="true" c="dimmed">
          <IconFileImport size={16} aria-hidden />
          <Anchor component={Link} to={props.inventoryPagePath} size="sm">
            Import my inventory
          </Anchor>
        </Group>
      ) : null}
      <Checkbox
        checked={props.termsAccepted}
        onChange={(event) => {
          setTermsError(null);
          props.onChange({ termsAccepted: event.currentTarget.checked });
        }}
        error={termsError}
        label={
          <>
            I accept the{' '}
            <Anchor component={Link} to={props.termsPath} target="_blank">
              Terms of Service
            </Anchor>
          </>
        }
      />
      <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        You may skip steps and come back later: your progress is saved automatically as a draft in the campaigns page.
      </Alert>
    </WizardStep>
  );
}
