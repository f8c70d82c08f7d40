import { Group, Text } from '@mantine/core';
import { formatInstant, formatLongDate, wizardProducts, type Draft, type WizardProductCode } from '@portal/contracts';

const usDate = (isoDate: string | null | undefined) => (isoDate ? formatLongDate(isoDate) : null);

/**
 * Which draft the resume question is about (issue 25 item 4): product, name, flight and when it
 * was last edited (the browser's local time). The name and dates as the user last typed them
 * (`wizard_state`) when the wizard saved them, else the draft's columns.
 */
export function DraftSummary({ draft }: { draft: Draft }) {
  const product = wizardProducts[draft.product_code as WizardProductCode]?.name ?? draft.product_code;
  const form = draft.wizard_state;
  const name = form?.campaignName.trim() || draft.campaign_display_name;
  const start = usDate(form ? form.startDate : draft.start_date);
  const end = usDate(form ? form.endDate : draft.end_date);
  return (
    <dl aria-label="Unfinished campaign" style={{ margin: 0 }}>
      {[
        ['Product', product],
        ['Name', name || 'Not named yet'],
        ['Dates', start && end ? `${start} – ${end}` : 'Not chosen yet'],
        ['Last edited', formatInstant(draft.updated_at, 'longDateTime')],
      ].map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed" w={90}>
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </dl>
  );
}
