'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import type { AppUser } from '@/lib/auth/app-user';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { endUserSessions, updateUser, usersQueryOptions } from '@/lib/client-api/auth-api';
import { CreateUserForm } from './create-user-form';

/** Admins' list of users: create one, change a role, disable or enable. */
export function UsersManager({ currentUserId }: { currentUserId: string }) {
  const users = useQuery(usersQueryOptions);
  const [status, setStatus] = useState<string>();
  return (
    <>
      <CreateUserForm onCreated={(user) => setStatus(`Created ${user.email} as ${user.role}.`)} />
      <p role="status" className="mb-2 text-sm text-muted-foreground">
        {status}
      </p>
      <h2 className="mb-2 text-lg font-semibold">Users</h2>
      {users.isPending && <p className="text-sm text-muted-foreground">Loading users…</p>}
      {users.isError && <LoadError message={users.error.message} isRetrying={users.isFetching} onRetry={() => void users.refetch()} />}
      {users.data && (
        <ul className="flex flex-col gap-2" aria-label="Users">
          {users.data.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} onChanged={setStatus} />
          ))}
        </ul>
      )}
    </>
  );
}

function UserRow({ user, isSelf, onChanged }: { user: AppUser; isSelf: boolean; onChanged: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(user.role);
  const [error, setError] = useState<string>();
  const change = useMutation({
    mutationFn: (changes: { role?: Role; disabled?: boolean }) => updateUser(user, changes),
    onSuccess: (updated) => {
      setError(undefined);
      onChanged(`${updated.email} is now ${updated.disabled ? 'disabled' : updated.role}; their sessions were ended.`);
    },
    onError: (caught) => setError(caught.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions.queryKey }),
  });
  const endSessions = useMutation({
    mutationFn: () => endUserSessions(user),
    onSuccess: (ended) => {
      setError(undefined);
      onChanged(`Ended ${ended} ${ended === 1 ? 'session' : 'sessions'} of ${user.email}.`);
    },
    onError: (caught) => setError(caught.message),
  });
  return (
    <li>
      <Card>
        <CardHeader className="items-center">
          <div className="min-w-0 flex-1">
            <p className="font-medium wrap-anywhere">{user.name}</p>
            <p className="text-sm text-muted-foreground wrap-anywhere">{user.email}</p>
          </div>
          {user.disabled && <Badge tone="danger">disabled</Badge>}
          {user.breakGlass && <Badge tone="warning">break-glass</Badge>}
          {isSelf ? (
            <>
              <Badge tone="neutral">{user.role}</Badge>
              <span className="text-sm text-muted-foreground">(you)</span>
            </>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm">
                <span className="sr-only">Role of {user.email}</span>
                <Select value={role} onChange={(event) => setRole(event.target.value as Role)} className="w-28">
                  {ROLES.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </Select>
              </label>
              <Button size="sm" disabled={change.isPending || role === user.role} onClick={() => change.mutate({ role })}>
                Save role<span className="sr-only"> of {user.email}</span>
              </Button>
              <Button size="sm" variant={user.disabled ? 'secondary' : 'destructive'} disabled={change.isPending} onClick={() => change.mutate({ disabled: !user.disabled })}>
                {user.disabled ? 'Enable' : 'Disable'}
                <span className="sr-only"> {user.email}</span>
              </Button>
              <Button size="sm" disabled={endSessions.isPending} onClick={() => endSessions.mutate()}>
                End sessions<span className="sr-only"> of {user.email}</span>
              </Button>
            </>
          )}
        </CardHeader>
        {error && (
          <CardContent>
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          </CardContent>
        )}
      </Card>
    </li>
  );
}
