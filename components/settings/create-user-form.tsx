'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { LabelledInput } from '@/components/auth/labelled-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import type { AppUser } from '@/lib/auth/app-user';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { ApiProblem } from '@/lib/client-api/api-problem';
import { createUser, usersQueryOptions } from '@/lib/client-api/auth-api';

/** Creates a user with an email, a role and a first password the admin hands over. */
export function CreateUserForm({ onCreated }: { onCreated: (user: AppUser) => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const create = useMutation({
    mutationFn: () => createUser({ email, name: name || undefined, role, password }),
    onSuccess: (user) => {
      setEmail('');
      setName('');
      setPassword('');
      setErrors({});
      setFormError(undefined);
      onCreated(user);
    },
    onError: (caught) => {
      if (caught instanceof ApiProblem && caught.errors.length > 0) {
        setErrors(Object.fromEntries(caught.errors.map((error) => [error.pointer.slice(1), error.message])));
        setFormError(undefined);
      } else {
        setFormError(caught.message);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions.queryKey }),
  });
  return (
    <Card className="mb-6">
      <CardHeader>
        <h2 className="text-lg font-semibold">New user</h2>
      </CardHeader>
      <CardContent>
        <form
          aria-label="New user"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          {formError && <FormError>{formError}</FormError>}
          <LabelledInput label="Email" name="email" type="email" autoComplete="off" value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
          <LabelledInput label="Name" name="name" autoComplete="off" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
          <div className="mb-4 flex flex-col gap-1">
            <label htmlFor="new-user-role" className="text-sm font-medium">
              Role
            </label>
            <Select id="new-user-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </div>
          <LabelledInput
            label="First password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            help="At least 12 characters, and not a common password. Hand it over safely."
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create user'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
