import type { Metadata } from 'next';
import { SessionsManager } from '@/components/settings/sessions-manager';
import { SettingsNav } from '@/components/settings/settings-nav';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Your sessions' };

export default async function SessionsPage() {
  const actor = await requirePageActor();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <SettingsNav current="/settings/sessions" isAdmin={actor.role === 'admin'} />
      <p className="mb-4 text-sm text-muted-foreground">
        Where you are signed in as {actor.email}. A session ends after 30 minutes without use or 12 hours after signing in, whichever comes first.
      </p>
      <SessionsManager />
    </>
  );
}
