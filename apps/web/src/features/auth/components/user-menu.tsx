import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type Me } from '@portal/contracts';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentPropsWithoutRef, type Ref } from 'react';
import { useDeferredControl } from '@/hooks/use-deferred-control';

export interface UserMenuProps {
  me: Me;
  onSignedOut: () => void;
  /** The agency the page shows: the agency pages of roles 1–2 link to it. */
  organizationId: number;
}

function initials(me: Me): string {
  const source = me.name.trim() || me.email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The header button of the user menu: initials, email, chevron. */
export function UserMenuButton({
  me,
  ref,
  ...props
}: { me: Me; ref?: Ref<HTMLButtonElement> } & ComponentPropsWithoutRef<'button'>) {
  return (
    // Named by the email it shows (WCAG 2.5.3 label in name); the initials are decoration.
    <UnstyledButton ref={ref} {...props}>
      <Group gap={6} wrap="nowrap">
        <Avatar size="sm" radius="xl" color="blue" aria-hidden>
          {initials(me)}
        </Avatar>
        <Text size="sm" visibleFrom="md" truncate maw={200}>
          {me.email}
        </Text>
        <VisuallyHidden>, user menu</VisuallyHidden>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

/**
 * The signed-in user's email and the Sign out action. Until it is used, only its button is on the
 * page; the menu's code loads when the button is reached and opens on the click or key that reached
 * for it (`useDeferredControl`, docs/performance.md).
 */
export function UserMenu(props: UserMenuProps) {
  const { used, triggerProps } = useDeferredControl(loadDropdown);
  const button = <UserMenuButton me={props.me} {...triggerProps} />;
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown {...props} openOnMount />
    </Suspense>
  );
}
