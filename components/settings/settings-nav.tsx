import Link from 'next/link';
import { cn } from '@/components/ui/cn';

const tabs = [
  { href: '/settings/users', label: 'Users', isAdminOnly: true },
  { href: '/settings/tokens', label: 'API tokens', isAdminOnly: true },
  { href: '/settings/secrets', label: 'Secrets', isAdminOnly: true },
  { href: '/settings/connections', label: 'Connections', isAdminOnly: false },
  { href: '/settings/sessions', label: 'Your sessions', isAdminOnly: false },
  { href: '/settings/password', label: 'Your password', isAdminOnly: false },
] as const;

/** The settings pages' tabs; admins see users, tokens and secrets too. */
export function SettingsNav({ current, isAdmin }: { current: string; isAdmin: boolean }) {
  return (
    <nav aria-label="Settings" className="mb-6 flex flex-wrap gap-x-4 gap-y-1 border-b border-border text-sm">
      {tabs
        .filter((tab) => isAdmin || !tab.isAdminOnly)
        .map((tab) => (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={tab.href === current ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-1 pb-2',
              tab.href === current ? 'border-primary font-medium text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </Link>
        ))}
    </nav>
  );
}
