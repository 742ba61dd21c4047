import { redirect } from 'next/navigation';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

/** Settings start at users for admins, at one's own sessions for everyone else. */
export default async function SettingsPage() {
  const actor = await requirePageActor();
  redirect(actor.role === 'admin' ? '/settings/users' : '/settings/sessions');
}
