'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

interface UserMenuProps {
  name: string;
  email: string;
  role: string;
}

/** Who is signed in, a link to their sessions, and the sign-out button. */
export function UserMenu({ name, email, role }: UserMenuProps) {
  const router = useRouter();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [error, setError] = useState<string>();

  async function signOut() {
    setIsSigningOut(true);
    setError(undefined);
    try {
      const response = await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' } });
      if (!response.ok && response.status !== 401) throw new Error(`Signing out failed (HTTP ${response.status})`);
      router.replace('/sign-in');
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsSigningOut(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 px-3 py-1 text-sm" aria-label="Signed in user" role="group">
      <Link href="/settings/sessions" className="text-muted-foreground hover:text-foreground hover:underline" title={email}>
        Signed in as <span className="font-medium text-foreground">{name}</span>
      </Link>
      <Badge tone="neutral">{role}</Badge>
      <Button size="sm" variant="secondary" onClick={signOut} disabled={isSigningOut}>
        {isSigningOut ? 'Signing out…' : 'Sign out'}
      </Button>
      {error && (
        <span role="alert" className="text-destructive">
          {error}
        </span>
      )}
    </div>
  );
}
