import type { Metadata } from 'next';
import { AdminOnly } from '@/components/settings/admin-only';
import { SettingsNav } from '@/components/settings/settings-nav';
import { UsersManager } from '@/components/settings/users-manager';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const actor = await requirePageActor();
  const isAdmin = actor.role === 'admin';
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <SettingsNav current="/settings/users" isAdmin={isAdmin} />
      {isAdmin ? <UsersManager currentUserId={actor.userId} /> : <AdminOnly what="users" />}
    </>
  );
}
