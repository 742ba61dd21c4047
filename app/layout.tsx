import type { Metadata } from 'next';
import localFont from 'next/font/local';
import { headers } from 'next/headers';
import { PermissionsProvider } from '@/components/auth/permissions-context';
import { UserMenu } from '@/components/auth/user-menu';
import { AppSidebar } from '@/components/layout/app-sidebar';
import { ThemeProvider } from '@/components/layout/theme-provider';
import { QueryProvider } from '@/components/query-provider';
import { Toaster } from '@/components/ui/toaster';
import { permissionsOf } from '@/lib/auth/actor';
import { pageActor } from '@/lib/auth/page-actor';
import { requestNonce } from '@/lib/http/request-nonce';
import './globals.css';

// Every page renders per request so Next can put the request's CSP nonce on its scripts
// (scripts/front-door/security-headers.mjs); a prerendered page would carry none.
export const dynamic = 'force-dynamic';

// Shipped with the app, so pages (and screenshot tests) look the same on every machine.
const sans = localFont({
  src: [
    { path: './fonts/open-sans-400.woff2', weight: '400', style: 'normal' },
    { path: './fonts/open-sans-600.woff2', weight: '500 600', style: 'normal' },
    { path: './fonts/open-sans-700.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-app-sans',
  display: 'swap',
});
const mono = localFont({ src: './fonts/source-code-pro-500.woff2', weight: '400 500', variable: '--font-app-mono', display: 'swap' });

export const metadata: Metadata = {
  title: { default: 'Tools Admin', template: '%s · Tools Admin' },
  description: "Browse the agent runtime's tool catalogue and assign tools to agents.",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const actor = await pageActor();
  // A Content-Security-Policy with nonces (when the app sets one) must cover the theme's inline script.
  const nonce = requestNonce(await headers());
  return (
    <html lang="en" suppressHydrationWarning className={`${sans.variable} ${mono.variable}`}>
      <body className="min-h-screen font-sans">
        <ThemeProvider nonce={nonce}>
          {/* Around the sidebar too: its approvals badge shares the approvals page's queries and live stream. */}
          <QueryProvider>
          <div className="md:flex">
            <AppSidebar
              access={actor ? (actor.role === 'admin' ? 'admin' : actor.role === 'editor' ? 'approver' : 'signedIn') : 'anonymous'}
              userMenu={actor && <UserMenu name={actor.displayName} email={actor.email} role={actor.role} />}
            />
            <main className="mx-auto w-full max-w-5xl min-w-0 px-4 py-6 sm:px-6 md:py-8">
              <PermissionsProvider permissions={actor ? permissionsOf(actor) : []}>{children}</PermissionsProvider>
            </main>
          </div>
          </QueryProvider>
          <Toaster />
        </ThemeProvider>
      </body>
    </html>
  );
}
