import { SimpleGrid } from '@mantine/core';
import { type ReactNode } from 'react';
import { StatCard } from '@/components/ui/stat-card';

export interface ReportCard {
  label: string;
  value: ReactNode;
  description?: ReactNode;
}

/** The figures at the top of a report page, up to five in a row on wide screens. */
export function ReportCards({ cards, loading = false }: { cards: ReportCard[]; loading?: boolean }) {
  const count = Math.max(1, cards.length);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(count, 3), lg: Math.min(count, 5) }} spacing="md">
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={card.value}
          description={card.description}
          loading={loading}
        />
      ))}
    </SimpleGrid>
  );
}
