import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTime, type AgencyUser, type Invitation } from '@portal/contracts';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal, type ConfirmRequest } from '@/components/ui/confirm-modal';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { PlainTable, PlainTbody, PlainTd, PlainTh, PlainThead, PlainTr } from '@/components/ui/plain-table';
import {
  useAgencyUsers,
  useInviteUser,
  useResendInvitation,
  useRevokeInvitation,
  useSetUserActive,
  useUpdateUser,
} from '../api/users';
import { UserFormModal, type DealershipOption } from './user-form-modal';

const roleLabel = (roleId: number) =>
  roleId === 1 ? 'Platform staff' : roleId === 2 ? 'Agency administrator' : 'Dealership user';
const statusColor: Record<Invitation['status'], string> = {
  pending: 'blue',
  expired: 'orange',
  accepted: 'green',
  revoked: 'gray',
};

/**
 * The Users page of an agency (issue 23 §2; roles 1–2): its users with role, dealerships and state
 * (change, deactivate, reactivate) and its invitations (send again, revoke), and the invite form.
 * `meId`: the signed-in user, whose own row has no actions.
 */
export function UsersAdmin({
  organizationId,
  meId,
  dealerships,
}: {
  organizationId: number;
  meId: number;
  dealerships: DealershipOption[];
}) {
  const list = useAgencyUsers(organizationId);
  const invite = useInviteUser(organizationId);
  const update = useUpdateUser(organizationId);
  const setActive = useSetUserActive(organizationId);
  const resend = useResendInvitation(organizationId);
  const revoke = useRevokeInvitation(organizationId);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AgencyUser | null>(null);
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const names = new Map(dealerships.map((d) => [d.id, d.name]));
  const done = (message: string) => notifications.show({ color: 'green', message });
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Not done',
      message: error instanceof Error ? error.message : 'Please try again.',
    });

  if (list.isPending) return <PageLoader />;
  if (list.isError)
    return (
      <ErrorState
        title="Users could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );

  const { users, invitations } = list.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users of {list.data.organization.name}
        </Title>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => {
            invite.reset();
            setInviting(true);
          }}
        >
          Invite a user
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Users
        </Title>
        {users.length === 0 ? (
          <Text c="dimmed" size="sm">
            No users yet: invite the first one.
          </Text>
        ) : (
          <PlainTable highlightOnHover aria-label="Users">
            <PlainThead>
              <PlainTr>
                <PlainTh>Name</PlainTh>
                <PlainTh>Email</PlainTh>
                <PlainTh>Role</PlainTh>
                <PlainTh>Dealerships</PlainTh>
                <PlainTh>Time zone</PlainTh>
                <PlainTh>Status</PlainTh>
                <PlainTh>Actions</PlainTh>
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {users.map((user) => (
                <PlainTr key={user.id} data-testid={`user-${user.email}`}>
                  <PlainTd>{user.name}</PlainTd>
                  <PlainTd>{user.email}</PlainTd>
                  <PlainTd>{roleLabel(user.role_id)}</PlainTd>
                  <PlainTd>
                    {user.role_id === 3
                      ? user.dealership_ids.map((id) => names.get(id) ?? `#${id}`).join(', ') || '—'
                      : 'All'}
                  </PlainTd>
                  <PlainTd>{user.time_zone ?? "Agency's"}</PlainTd>
                  <PlainTd>
                    <Badge color={user.active ? 'green' : 'gray'} variant="light">
                      {user.active ? 'Active' : 'Deactivated'}
                    </Badge>
                  </PlainTd>
                  <PlainTd>
                    {user.id === meId || user.role_id === 1 ? (
                      <Text size="xs" c="dimmed">
                        {user.id === meId ? 'You' : '—'}
                      </Text>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => {
                            update.reset();
                            setEditing(user);
                          }}
                          aria-label={`Change ${user.email}`}
                        >
                          Change
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color={user.active ? 'red' : 'green'}
                          loading={setActive.isPending && setActive.variables?.userId === user.id}
                          aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${user.email}`}
                          onClick={() => {
                            const apply = () =>
                              setActive.mutate(
                                { userId: user.id, active: !user.active },
                                {
                                  onSuccess: () => done(`${user.email} ${user.active ? 'deactivated' : 'reactivated'}`),
                                  onError: failed,
                                },
                              );
                            if (!user.active) return apply();
                            setConfirming({
                              title: `Deactivate ${user.email}?`,
                              message: 'They can no longer sign in, and their open sessions end at once.',
                              confirmLabel: 'Deactivate',
                              onConfirm: apply,
                            });
                          }}
                        >
                          {user.active ? 'Deactivate' : 'Reactivate'}
                        </Button>
                      </Group>
                    )}
                  </PlainTd>
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Invitations
        </Title>
        {invitations.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invitations yet.
          </Text>
        ) : (
          <PlainTable highlightOnHover aria-label="Invitations">
            <PlainThead>
              <PlainTr>
                <PlainTh>Email</PlainTh>
                <PlainTh>Role</PlainTh>
                <PlainTh>Status</PlainTh>
                <PlainTh>Sent</PlainTh>
                <PlainTh>Expires</PlainTh>
                <PlainTh>Actions</PlainTh>
              </PlainTr>
            </PlainThead>
            <PlainTbody>
              {invitations.map((invitation) => (
                <PlainTr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
                  <PlainTd>{invitation.email}</PlainTd>
                  <PlainTd>{roleLabel(invitation.role_id)}</PlainTd>
                  <PlainTd>
                    <Badge color={statusColor[invitation.status]} variant="light">
                      {invitation.status}
                    </Badge>
                  </PlainTd>
                  <PlainTd>{formatDateTime(invitation.sent_at)}</PlainTd>
                  <PlainTd>{formatDateTime(invitation.expires_at)}</PlainTd>
                  <PlainTd>
                    {invitation.status === 'pending' || invitation.status === 'expired' ? (
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Send the invitation of ${invitation.email} again`}
                          loading={resend.isPending && resend.variables === invitation.id}
                          onClick={() =>
                            resend.mutate(invitation.id, {
                              onSuccess: () => done(`Invitation sent again to ${invitation.email}`),
                              onError: failed,
                            })
                          }
                        >
                          Send again
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={`Revoke the invitation of ${invitation.email}`}
                          loading={revoke.isPending && revoke.variables === invitation.id}
                          onClick={() =>
                            setConfirming({
                              title: `Revoke the invitation of ${invitation.email}?`,
                              message: 'Its link stops working at once; you can invite them again later.',
                              confirmLabel: 'Revoke',
                              onConfirm: () =>
                                revoke.mutate(invitation.id, {
                                  onSuccess: () => done(`Invitation of ${invitation.email} revoked`),
                                  onError: failed,
                                }),
                            })
                          }
                        >
                          Revoke
                        </Button>
                      </Group>
                    ) : null}
                  </PlainTd>
                </PlainTr>
              ))}
            </PlainTbody>
          </PlainTable>
        )}
      </Paper>

      <ConfirmModal request={confirming} onClose={() => setConfirming(null)} />
      {inviting ? (
        <UserFormModal
          opened
          onClose={() => setInviting(false)}
          dealerships={dealerships}
          pending={invite.isPending}
          error={invite.error}
          onSubmit={(values) =>
            invite.mutate(values, {
              onSuccess: (invitation) => {
                setInviting(false);
                done(`Invitation emailed to ${invitation.email}`);
              },
            })
          }
        />
      ) : null}
      {editing ? (
        <UserFormModal
          opened
          onClose={() => setEditing(null)}
          user={editing}
          dealerships={dealerships}
          pending={update.isPending}
          error={update.error}
          onSubmit={(values) =>
            update.mutate(
              {
                userId: editing.id,
                body: { role_id: values.role_id, dealership_ids: values.dealership_ids, time_zone: values.time_zone },
              },
              {
                onSuccess: (user) => {
                  setEditing(null);
                  done(`${user.email} changed`);
                },
              },
            )
          }
        />
      ) : null}
    </Stack>
  );
}
