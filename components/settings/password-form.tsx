'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { LabelledInput } from '@/components/auth/labelled-input';
import { Button } from '@/components/ui/button';
import { isProblem } from '@/lib/client-api/api-problem';
import { changeOwnPassword, sessionsQueryOptions } from '@/lib/client-api/auth-api';
import { plural } from '@/components/agents/plural';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';

/** The signed-in user's own password change: the current one, the new one twice. */
export function PasswordForm() {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const repeated = String(data.get('repeatPassword') ?? '');
    setDone(undefined);
    setProblem(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (currentPassword === '') found.currentPassword = 'Enter your current password';
    if (newPassword === '') found.newPassword = 'Enter a new password';
    else if (repeated !== newPassword) found.repeatPassword = 'The two new passwords differ';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsBusy(true);
    try {
      const ended = await changeOwnPassword({ currentPassword, newPassword });
      form.reset();
      setDone(`Your password is changed. ${ended === 0 ? 'You had no other sessions.' : `${plural(ended, 'other session')} ended.`}`);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    } catch (caught) {
      if (isProblem(caught, 400) && caught.errors.length > 0) {
        setErrors(Object.fromEntries(caught.errors.map((error) => [error.pointer.slice(1), error.message])));
      } else {
        setProblem(caught instanceof Error ? caught.message : String(caught));
      }
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change your password" className="max-w-md">
      {problem && <FormError>{problem}</FormError>}
      <LabelledInput label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} />
      <LabelledInput label="New password" name="newPassword" type="password" autoComplete="new-password" help="At least 12 characters, and not a common password." error={errors.newPassword} />
      <LabelledInput label="New password again" name="repeatPassword" type="password" autoComplete="new-password" error={errors.repeatPassword} />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Changing…' : 'Change password'}
      </Button>
      <p role="status" className="mt-3 text-sm text-success">
        {done}
      </p>
    </form>
  );
}
