import { Button, EmptyState } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router';

export interface NotFoundStateProps {
  title: string;
  description?: ReactNode;
  /** Where the action leads; null hides it. */
  linkTo?: string | null;
  linkLabel?: string;
}

/** What a 404 looks like: no data, a title and a way back (loaded only when shown: `NotFoundState`). */
export function NotFoundStateView({
  title,
  description,
  linkTo = '/',
  linkLabel = 'Go to home page',
}: NotFoundStateProps) {
  return (
    <EmptyState
      py="xl"
      icon={<IconMapSearch size={32} aria-hidden />}
      withIndicatorBackground
      role="region"
      aria-label={title}
    >
      <EmptyState.Title order={1}>{title}</EmptyState.Title>
      {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
      {linkTo ? (
        <EmptyState.Actions>
          <Button component={Link} to={linkTo}>
            {linkLabel}
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
