import type { Metadata } from 'next';
import Link from 'next/link';
import { PermissionsProvider } from '@/components/auth/permissions-context';
import { UserMenu } from '@/components/auth/user-menu';
import { QueryProvider } from '@/components/query-provider';
import { permissionsOf } from '@/lib/auth/actor';
import { pageActor } from '@/lib/auth/page-actor';
import './globals.css';

// Every page renders per request so Next can put the request's CSP nonce on its scripts
// (scripts/front-door/security-headers.mjs); a prerendered page would carry none.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Tools Admin', template: '%s · Tools Admin' },
  description: "Browse the agent runtime's tool catalogue and assign tools to agents.",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const actor = await pageActor();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <header className="border-b border-slate-200 bg-slate-50">
          <nav aria-label="Main" className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3">
            <Link href="/" className="font-semibold text-slate-900">
              Tools Admin
            </Link>
            <Link href="/" className="text-sm text-slate-700 hover:text-slate-900 hover:underline">
              Catalogue
            </Link>
            <Link href="/agents" className="text-sm text-slate-700 hover:text-slate-900 hover:underline">
              Agents
            </Link>
            {actor && (
              <Link href="/audit" className="text-sm text-slate-700 hover:text-slate-900 hover:underline">
                Audit
              </Link>
            )}
            {actor?.role === 'admin' && (
              <Link href="/settings/users" className="text-sm text-slate-700 hover:text-slate-900 hover:underline">
                Settings
              </Link>
            )}
            {actor && <UserMenu name={actor.displayName} email={actor.email} role={actor.role} />}
          </nav>
        </header>
        <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
          <QueryProvider>
            <PermissionsProvider permissions={actor ? permissionsOf(actor) : []}>{children}</PermissionsProvider>
          </QueryProvider>
        </main>
      </body>
    </html>
  );
}
