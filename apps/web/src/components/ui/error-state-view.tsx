import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-client';

export interface ErrorStateProps {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** An error panel with the API's message and a Retry button (loaded only when shown: `ErrorState`). */
export function ErrorStateView({ title = 'Something went wrong', error, onRetry, retrying }: ErrorStateProps) {
  const message = isApiError(error) ? error.message : 'The data could not be loaded. Please try again.';
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title} role="alert">
      <Group justify="space-between" align="center" gap="md">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button
            variant="white"
            color="red"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
