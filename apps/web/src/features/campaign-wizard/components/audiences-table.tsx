import {
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBrandAmazon,
  IconBrandFacebook,
  IconBrandGoogle,
  IconChartBar,
  IconMail,
  IconTargetArrow,
} from '@tabler/icons-react';
import { audienceDestinations, formatInteger, type Audience, formatInstant } from '@portal/contracts';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import type { ChosenAudience } from '../utils/wizard-state';

const destinationIcons: Record<(typeof audienceDestinations)[number], { label: string; icon: ReactNode }> = {
  facebook: { label: 'Facebook', icon: <IconBrandFacebook size={16} aria-hidden /> },
  google: { label: 'Google', icon: <IconBrandGoogle size={16} aria-hidden /> },
  mailchimp: { label: 'Mailchimp', icon: <IconMail size={16} aria-hidden /> },
  tradedesk: { label: 'The Trade Desk', icon: <IconTargetArrow size={16} aria-hidden /> },
  basis: { label: 'Basis', icon: <IconChartBar size={16} aria-hidden /> },
  amazon: { label: 'Amazon', icon: <IconBrandAmazon size={16} aria-hidden /> },
};

export interface AudiencesTableProps {
  audiences: Audience[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: ChosenAudience[];
  onChange: (selected: ChosenAudience[]) => void;
  detailsPath: (id: number) => string;
  createAudiencePath: string;
}

/** Saved audiences of the details step (spec 001 §2.7). */
export function AudiencesTable(props: AudiencesTableProps) {
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const chosen = new Set(props.selected.map((a) => a.id));
  const toggle = (audience: Audience, checked: boolean) =>
    props.onChange(
      checked
        ? [...props.selected, { id: audience._id, name: audience.audience_name, size: audience.audience_size }]
        : props.selected.filter((a) => a.id !== audience._id),
    );
  if (props.error)
    return <ErrorState title="Audiences could not be loaded" error={props.error} onRetry={props.onRetry} />;
  return (
    <Stack gap="xs">
      <Table withTableBorder aria-label="Saved audiences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Select</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Audience size</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.loading ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Skeleton h={24} />
              </Table.Td>
            </Table.Tr>
          ) : (props.audiences ?? []).length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed" ta="center">
                  Build an audience to choose this option
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            props.audiences!.map((audience) => (
              <Fragment key={audience._id}>
                <Table.Tr>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${audience.audience_name}`}
                      checked={chosen.has(audience._id)}
                      onChange={(e) => toggle(audience, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={props.detailsPath(audience._id)} target="_blank" rel="noopener" size="sm">
                      {audience.audience_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatInteger(audience.audience_size)}</Table.Td>
                  <Table.Td>{formatInstant(audience.createdAt, 'display')}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={() => setOpen((o) => ({ ...o, [audience._id]: !o[audience._id] }))}
                    >
                      {open[audience._id] ? 'Hide details' : 'Show details'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {open[audience._id] ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Collapse expanded>
                        <Group gap="xl">
                          <Text size="sm">Audience size: {formatInteger(audience.audience_size)}</Text>
                          <Group gap={4}>
                            <Text size="sm">Linked destinations:</Text>
                            {audienceDestinations
                              .filter((d) => audience.mappedAudiences[d])
                              .map((d) => (
                                <Tooltip key={d} label={destinationIcons[d].label}>
                                  <ThemeIcon
                                    variant="light"
                                    size="sm"
                                    role="img"
                                    aria-label={destinationIcons[d].label}
                                  >
                                    {destinationIcons[d].icon}
                                  </ThemeIcon>
                                </Tooltip>
                              ))}
                          </Group>
                          <Text size="sm">
                            Last update: {audience.last_run ? formatInstant(audience.last_run, 'ordinal') : '—'}
                          </Text>
                        </Group>
                      </Collapse>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            ))
          )}
        </Table.Tbody>
      </Table>
      <Anchor component={Link} to={props.createAudiencePath} size="sm">
        + Create a new audience
      </Anchor>
    </Stack>
  );
}
