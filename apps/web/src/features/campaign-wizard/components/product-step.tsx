import {
  Anchor,
  Button,
  Collapse,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  creativesAfterChoosing,
  inventoryProductCodes,
  nonInventoryProductCodes,
  wizardMessages,
  wizardProducts,
  type InventoryVehicle,
  type NonInventoryProductCode,
  type WizardProductCode,
} from '@portal/contracts';
import { useState } from 'react';
import type { TenantIds } from '../api/drafts';
import type { CampaignKind, WizardState } from '../utils/wizard-state';
import { CreativesUpload } from './creatives-upload';
import { ExampleAd, productIcon } from './product-visuals';
import { WizardStep } from './wizard-step';

export interface ProductStepProps {
  ids: TenantIds;
  kind: CampaignKind;
  state: WizardState;
  onChange: (patch: Partial<WizardState>) => void;
  onBack: () => void;
  onNext: () => void;
  submitting: boolean;
  /** Shown in the example ads (issue 25 item 9): the current dealership and one of its vehicles. */
  dealershipName?: string | undefined;
  exampleVehicle?: InventoryVehicle | undefined;
}

/** Step 2 (spec 001 §2.5): products with description, icon and ad examples; creatives for non-inventory. */
export function ProductStep({
  ids,
  kind,
  state,
  onChange,
  onBack,
  onNext,
  submitting,
  dealershipName,
  exampleVehicle,
}: ProductStepProps) {
  const [examples, setExamples] = useState<Record<string, boolean>>({});
  /** A product the user picked while the current one has uploads: waits for the confirmation (issue 25 item 3). */
  const [pending, setPending] = useState<WizardProductCode | null>(null);
  const uploaded = state.product ? (state.creatives[state.product] ?? []).length : 0;
  const choose = (code: WizardProductCode) =>
    onChange({ product: code, creatives: creativesAfterChoosing(state.creatives, code) });
  const codes: readonly WizardProductCode[] = kind === 'inventory' ? inventoryProductCodes : nonInventoryProductCodes;
  const submit = () => {
    if (!state.product) {
      notifications.show({ color: 'red', message: wizardMessages.product });
      return;
    }
    onNext();
  };
  return (
    <WizardStep
      title="Choose the method of reaching your target audience"
      onSubmit={submit}
      onBack={onBack}
      submitting={submitting}
    >
      <Radio.Group
        value={state.product}
        aria-label="Product"
        onChange={(value) => {
          // Choosing another product resets the creatives (spec 001 §4); uploads are not dropped unasked.
          if (uploaded > 0 && value !== state.product) setPending(value as WizardProductCode);
          else choose(value as WizardProductCode);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {codes.map((code) => (
            // The examples toggle sits beside the card, not in it: a button inside the card's radio
            // would be a control nested in a control (axe nested-interactive).
            <Stack key={code} gap={4}>
              <Radio.Card value={code} radius="md" p="md" aria-label={wizardProducts[code].name}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <ThemeIcon variant="light">{productIcon(code)}</ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={600}>{wizardProducts[code].name}</Text>
                    <Text size="sm" c="dimmed">
                      {wizardProducts[code].description}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
              <Anchor
                component="button"
                type="button"
                size="xs"
                ml="md"
                w="fit-content"
                aria-expanded={Boolean(examples[code])}
                onClick={() => setExamples((e) => ({ ...e, [code]: !e[code] }))}
              >
                {examples[code] ? 'Hide ad examples' : 'Show ad examples'}
              </Anchor>
              <Collapse expanded={Boolean(examples[code])}>
                <ExampleAd product={code} dealershipName={dealershipName} vehicle={exampleVehicle} />
              </Collapse>
            </Stack>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {kind === 'non_inventory' && state.product ? (
        <Stack gap="sm">
          <Switch
            checked={state.customCreatives}
            onChange={(event) => onChange({ customCreatives: event.currentTarget.checked })}
            label={state.customCreatives ? 'Upload custom creatives' : 'Use default creatives'}
          />
          {state.customCreatives ? (
            <CreativesUpload
              ids={ids}
              product={state.product as NonInventoryProductCode}
              links={state.creatives[state.product] ?? []}
              onChange={(links) => onChange({ creatives: { ...state.creatives, [state.product!]: links } })}
            />
          ) : null}
        </Stack>
      ) : null}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title="Remove the uploaded creatives?" centered>
        {pending && state.product ? (
          <Stack>
            <Text>
              Switching to {wizardProducts[pending].name} removes the {uploaded} creative
              {uploaded === 1 ? '' : 's'} uploaded for {wizardProducts[state.product].name}.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Keep {wizardProducts[state.product].name}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  choose(pending);
                  setPending(null);
                }}
              >
                Switch and remove
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </WizardStep>
  );
}
