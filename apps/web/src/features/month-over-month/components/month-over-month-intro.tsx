import { Text } from '@mantine/core';

/** The Month over Month tab's introduction (spec 001 §2.12). */
export function MonthOverMonthIntro() {
  return <Text c="dimmed">Analyze trends and performance metrics with a rolling campaign comparison.</Text>;
}
