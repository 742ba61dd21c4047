import type { Metadata } from 'next';
import { ConnectionsManager } from '@/components/settings/connections-manager';
import { SettingsNav } from '@/components/settings/settings-nav';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Connections' };

export default async function ConnectionsPage() {
  const actor = await requirePageActor();
  const isAdmin = actor.role === 'admin';
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <SettingsNav current="/settings/connections" isAdmin={isAdmin} />
      <p className="mb-4 text-sm text-muted-foreground">
        MCP clients that signed in by OAuth{isAdmin ? ' (everyone’s, as you are an admin)' : ''}. Revoking one refuses its tokens from the next call on.
      </p>
      <ConnectionsManager isAdmin={isAdmin} />
    </>
  );
}
