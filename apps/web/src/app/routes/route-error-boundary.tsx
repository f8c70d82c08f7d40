import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort for errors thrown while rendering or loading a route (e.g. a chunk missing after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'An unexpected error occurred. Reloading the page usually helps.';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={1} size="h3">
          Something went wrong
        </Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </Stack>
    </Center>
  );
}
