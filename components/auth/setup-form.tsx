'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiProblem } from '@/lib/client-api/api-problem';
import { FormError } from './form-error';
import { LabelledInput } from './labelled-input';
import { postJson } from './post-json';

/** Creates the first admin with the setup link's token, then signs them in and opens the catalogue. */
export function SetupForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const router = useRouter();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    if (password !== confirmation) {
      setErrors({ confirmation: 'The two passwords differ' });
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      await postJson('/api/auth/setup', { token, email, name: name || undefined, password });
      setIsDone(true);
      // The admin just chose this password: asking for it again would only be a chore.
      await postJson('/api/auth/sign-in', { email, password });
      router.replace('/');
      router.refresh();
    } catch (caught) {
      if (caught instanceof ApiProblem && caught.errors.length > 0) {
        setErrors(Object.fromEntries(caught.errors.map((error) => [error.pointer.slice(1), error.message])));
      } else {
        setFormError(caught instanceof Error ? caught.message : String(caught));
      }
    } finally {
      setIsBusy(false);
    }
  }

  if (isDone) {
    return (
      <div role="status">
        <p className="mb-4">The admin account {email} is ready. Signing you in…</p>
        {formError && (
          <p>
            {formError}{' '}
            <a href="/sign-in" className="text-link underline">
              Sign in
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Create the first admin">
      {formError && <FormError>{formError}</FormError>}
      <LabelledInput label="Email" name="email" type="email" autoComplete="username" required value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
      <LabelledInput label="Name" name="name" autoComplete="name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <LabelledInput
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        help="At least 12 characters, and not a common password."
        onChange={(event) => setPassword(event.target.value)}
      />
      <LabelledInput
        label="Repeat the password"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Creating…' : 'Create admin'}
      </Button>
    </form>
  );
}
