import type { Metadata } from 'next';
import { PasswordForm } from '@/components/settings/password-form';
import { SettingsNav } from '@/components/settings/settings-nav';
import { hasOwnPassword } from '@/lib/auth/change-own-password';
import { signInSettings } from '@/lib/auth/oidc-config';
import { requirePageActor } from '@/lib/auth/page-actor';
import { getDb } from '@/lib/db/get-db';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Your password' };

export default async function PasswordPage() {
  const actor = await requirePageActor();
  const hasPassword = await hasOwnPassword(await getDb(), actor.userId);
  const provider = signInSettings().oidc?.providerName ?? 'single sign-on';
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <SettingsNav current="/settings/password" isAdmin={actor.role === 'admin'} />
      {hasPassword ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            Change the password of {actor.email}. Your other sessions end; this one stays signed in.
          </p>
          <PasswordForm />
        </>
      ) : (
        <p className="text-sm">
          You sign in with {provider}, so your account has no password here to change: {provider} checks who you are, and your password is changed there.
        </p>
      )}
    </>
  );
}
