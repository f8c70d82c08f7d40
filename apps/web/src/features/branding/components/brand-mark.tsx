import { Group, Text } from '@mantine/core';
import type { AgencyBrand } from '@portal/contracts';
import type { CSSProperties, ReactNode } from 'react';

/**
 * CSS variables that give a subtree the agency's primary colour (issue 20 §4): Mantine's filled
 * primary (buttons, active controls) and `--brand-color` (the header's rule). The colour meets WCAG
 * AA with white text (checked by the contract), so filled controls stay readable.
 */
export function brandStyle(color: string | null | undefined): CSSProperties | undefined {
  if (!color) return undefined;
  return {
    '--mantine-primary-color-filled': color,
    '--mantine-primary-color-filled-hover': color,
    '--brand-color': color,
  } as CSSProperties;
}

/** The agency's logo (if any) and name; `fallback` (the product's mark) while there is no brand. */
export function BrandMark({
  brand,
  fallback,
  size = 'md',
}: {
  brand: AgencyBrand | undefined;
  fallback: ReactNode;
  size?: 'md' | 'lg';
}) {
  if (!brand) return <>{fallback}</>;
  const height = size === 'lg' ? 48 : 32;
  return (
    <Group gap={8} wrap="nowrap" miw={0} data-testid="brand-mark" data-brand-color={brand.primary_color ?? ''}>
      {brand.logo_url ? (
        <img
          src={brand.logo_url}
          alt=""
          height={height}
          style={{ height, width: 'auto', maxWidth: 160, display: 'block' }}
        />
      ) : null}
      <Text
        fw={700}
        size={size === 'lg' ? 'xl' : 'md'}
        truncate
        maw={size === 'lg' ? 280 : { base: 110, sm: 260 }}
        c={brand.primary_color ?? undefined}
        data-testid="brand-name"
      >
        {brand.name}
      </Text>
    </Group>
  );
}
