'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from './form-error';
import { LabelledInput } from './labelled-input';
import { postJson } from './post-json';

interface SignInFormProps {
  /** The page to return to, already checked to be one of this app's (`safeNextPath`). */
  next: string;
}

/** Email and password; on success the page the visitor came from (`next`) loads signed in. */
export function SignInForm({ next }: SignInFormProps) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form itself: what was typed before the page hydrated counts too.
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
    if (email.trim() === '' || password === '') {
      setError('Enter your email and password.');
      return;
    }
    setIsBusy(true);
    setError(undefined);
    try {
      await postJson('/api/auth/sign-in', { email, password });
      // Refreshed, so the server renders the layout (who is signed in) with the new session too.
      router.replace(next);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      {error && <FormError>{error}</FormError>}
      <LabelledInput label="Email" name="email" type="email" autoComplete="username" required />
      <LabelledInput
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {isBusy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
