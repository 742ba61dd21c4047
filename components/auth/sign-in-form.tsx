'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from './form-error';
import { LabelledInput } from './labelled-input';
import { postJson } from './post-json';

/** Email and password; on success the whole app reloads signed in. */
export function SignInForm() {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    setError(undefined);
    try {
      await postJson('/api/auth/sign-in', { email, password });
      // Refreshed, so the server renders the layout (who is signed in) with the new session too.
      router.replace('/');
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      {error && <FormError>{error}</FormError>}
      <LabelledInput label="Email" name="email" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <LabelledInput
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
