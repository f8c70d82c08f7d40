import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface WizardStepProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Called on Continue and on Enter (the step is a form). */
  onSubmit: () => void;
  backLabel?: string;
  onBack?: (() => void) | undefined;
  submitLabel?: string;
  submitDisabled?: boolean;
  submitting?: boolean;
  footerNote?: ReactNode;
}

/** One step of the wizard: a form, so Enter submits (spec 001 §2.2); Back and Continue at the bottom. */
export function WizardStep(props: WizardStepProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!props.submitting) props.onSubmit();
  };
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={typeof props.title === 'string' ? props.title : undefined}
      onKeyDown={(event) => {
        // A disabled Continue blocks the browser's implicit submission: Enter still runs the step's
        // checks, so the user learns why (e.g. the Terms of Service message of spec 001 §5).
        const target = event.target as HTMLElement;
        if (event.key === 'Enter' && props.submitDisabled && target.tagName !== 'TEXTAREA') {
          event.preventDefault();
          props.onSubmit();
        }
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {props.title}
          </Title>
          {props.subtitle ? (
            <Text c="dimmed" size="sm">
              {props.subtitle}
            </Text>
          ) : null}
        </Stack>
        {props.children}
        <Group justify="space-between" mt="md" align="center">
          {props.onBack ? (
            <Button variant="default" onClick={props.onBack}>
              {props.backLabel ?? 'Back'}
            </Button>
          ) : (
            <span />
          )}
          <Stack gap={2} align="flex-end">
            <Button type="submit" disabled={props.submitDisabled} loading={props.submitting}>
              {props.submitLabel ?? 'Continue'}
            </Button>
            {props.footerNote}
          </Stack>
        </Group>
      </Stack>
    </form>
  );
}
