import {
  IconBrandFacebook,
  IconBrandGoogle,
  IconDeviceMobile,
  IconDeviceTv,
  IconHeadphones,
  IconLayoutGrid,
  IconPlayerPlay,
  IconSearch,
} from '@tabler/icons-react';
import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  wizardProducts,
  type InventoryVehicle,
  type WizardProductCode,
  formatDollars,
  formatInteger,
} from '@portal/contracts';
import type { ReactNode } from 'react';

/** Product icons (spec 001 §2.5). */
export function productIcon(code: WizardProductCode, size = 20): ReactNode {
  const props = { size, 'aria-hidden': true } as const;
  switch (code) {
    case 'VLA':
      return <IconBrandGoogle {...props} />;
    case 'DYN':
      return <IconBrandFacebook {...props} />;
    case 'INV':
      return <IconSearch {...props} />;
    case 'DYD':
      return <IconLayoutGrid {...props} />;
    case 'MOB':
      return <IconDeviceMobile {...props} />;
    case 'OTT':
      return <IconDeviceTv {...props} />;
    case 'VID':
      return <IconPlayerPlay {...props} />;
    case 'AUD':
      return <IconHeadphones {...props} />;
  }
}

const price = (value: number) => formatDollars(Math.round(value));

/** Headline and call to action of each product's example ad (non-inventory ads promote the dealership itself). */
const adCopy: Record<WizardProductCode, { headline: string; action: string }> = {
  VLA: { headline: 'In stock now', action: 'View vehicle' },
  DYN: { headline: 'Just arrived on our lot', action: 'Shop now' },
  INV: { headline: 'Find yours today', action: 'See inventory' },
  DYD: { headline: 'Featured vehicle', action: 'Get details' },
  MOB: { headline: 'Big savings this weekend', action: 'Visit us' },
  OTT: { headline: 'Drive home happy', action: 'Visit us today' },
  VID: { headline: 'See why drivers choose us', action: 'Book a test drive' },
  AUD: { headline: 'Hear about this month’s offers', action: 'Call us today' },
};

/**
 * The example ad of a product (issue 25 item 9): drawn with the current dealership's name and, for
 * inventory products, one of its own vehicles (year, make, model, price, mileage) instead of
 * artwork that named another dealership.
 */
export function ExampleAd(props: {
  product: WizardProductCode;
  dealershipName: string | undefined;
  vehicle?: InventoryVehicle | undefined;
}) {
  const { product, vehicle } = props;
  const name = props.dealershipName ?? 'Your dealership';
  const copy = adCopy[product];
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      maw={360}
      role="img"
      aria-label={`${wizardProducts[product].name} example ad for ${name}`}
      data-testid="example-ad"
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size="sm">
            {productIcon(product, 14)}
          </ThemeIcon>
          <Text size="xs" c="dimmed">
            Sponsored · {wizardProducts[product].name}
          </Text>
        </Group>
        <Text fw={700}>{name}</Text>
        {vehicle ? (
          <Text size="sm">
            {vehicle.year} {vehicle.raw_make} {vehicle.raw_model}
            {vehicle.price !== null ? ` · ${price(vehicle.price)}` : ''}
            {vehicle.mileage !== null ? ` · ${formatInteger(vehicle.mileage)} mi` : ''}
          </Text>
        ) : null}
        <Text size="sm">{copy.headline}</Text>
        <Badge variant="filled" w="fit-content">
          {copy.action}
        </Badge>
      </Stack>
    </Paper>
  );
}
