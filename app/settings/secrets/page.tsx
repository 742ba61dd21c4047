import type { Metadata } from 'next';
import { AdminOnly } from '@/components/settings/admin-only';
import { SecretsManager } from '@/components/settings/secrets-manager';
import { SettingsNav } from '@/components/settings/settings-nav';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Secrets' };

export default async function SecretsPage() {
  const actor = await requirePageActor();
  const isAdmin = actor.role === 'admin';
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <SettingsNav current="/settings/secrets" isAdmin={isAdmin} />
      {isAdmin ? <SecretsManager /> : <AdminOnly what="secrets" />}
    </>
  );
}
