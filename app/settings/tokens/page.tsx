import type { Metadata } from 'next';
import { AdminOnly } from '@/components/settings/admin-only';
import { SettingsNav } from '@/components/settings/settings-nav';
import { TokensManager } from '@/components/settings/tokens-manager';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'API tokens' };

export default async function TokensPage() {
  const actor = await requirePageActor();
  const isAdmin = actor.role === 'admin';
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <SettingsNav current="/settings/tokens" isAdmin={isAdmin} />
      {isAdmin ? <TokensManager /> : <AdminOnly what="API tokens" />}
    </>
  );
}
