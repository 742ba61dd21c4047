'use client';

import { Menu, Wrench, X } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isActiveItem, visibleNavItems, type NavAccess } from './nav-items';
import { PendingApprovalsBadge } from './pending-approvals-badge';
import { ThemeToggle } from './theme-toggle';

/**
 * The app's navigation: a left sidebar on wide screens; on phones a top bar whose Menu button
 * opens the same links. `userMenu` is the signed-in user's menu, when there is one; `access`
 * decides which sections show (Audit to anyone signed in, Settings to admins).
 */
export function AppSidebar({ userMenu, access = 'anonymous' }: { userMenu?: React.ReactNode; access?: NavAccess }) {
  const pathname = usePathname();
  const [isOpen, setIsOpen] = useState(false);
  // Following a link closes the phone menu.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setIsOpen(false);
  }
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setIsOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <aside className="border-b border-border bg-muted/40 md:sticky md:top-0 md:flex md:h-dvh md:w-56 md:shrink-0 md:flex-col md:border-r md:border-b-0">
      <nav aria-label="Main" className="flex flex-col md:h-full">
        <div className="flex items-center gap-2 px-4 py-3">
          <Link href="/" className="flex flex-1 items-center gap-2 font-semibold text-foreground">
            <Wrench aria-hidden="true" className="size-5 text-primary" />
            Tools Admin
          </Link>
          <Button
            variant="ghost"
            size="sm"
            className="md:hidden"
            aria-expanded={isOpen}
            aria-controls="main-menu"
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            Menu
          </Button>
        </div>
        <div id="main-menu" className={cn('flex-col gap-1 px-2 pb-3 md:flex md:flex-1', isOpen ? 'flex' : 'hidden')}>
          {access === 'anonymous' && (
            <Link href="/sign-in" className="rounded-md px-3 py-2 text-sm font-medium text-foreground hover:bg-accent hover:text-accent-foreground">
              Sign in
            </Link>
          )}
          <ul className="flex flex-col gap-0.5">
            {visibleNavItems(access).map((item) => {
              const isActive = isActiveItem(item, pathname);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={isActive ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                      isActive && 'bg-accent text-accent-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {item.label}
                    {item.hasApprovalsBadge && <PendingApprovalsBadge />}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-3 flex flex-col gap-1 border-t border-border pt-3 md:mt-auto">
            {userMenu}
            <ThemeToggle />
          </div>
        </div>
      </nav>
    </aside>
  );
}
