import { Bot, FileCode, LayoutGrid, Plug, ScrollText, Settings, ShieldCheck, Workflow, type LucideIcon } from 'lucide-react';

/** One entry of the sidebar. */
export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that belong to this section (a tool page belongs to the catalogue). */
  alsoActiveUnder?: readonly string[];
  /** Who sees the entry: anyone (the default), anyone signed in, approvers (editors and admins), or admins only. Every page asks a visitor to sign in, so no section is shown to one. */
  visibleTo?: NavAccess;
  /** Shows the count of calls waiting for a decision beside the label. */
  hasApprovalsBadge?: boolean;
}

/** What the visitor may see of the navigation. */
export type NavAccess = 'anonymous' | 'signedIn' | 'approver' | 'admin';

/** The sidebar's sections, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Catalogue', icon: LayoutGrid, alsoActiveUnder: ['/tools/'], visibleTo: 'signedIn' },
  { href: '/agents', label: 'Agents', icon: Bot, visibleTo: 'signedIn' },
  { href: '/workflows', label: 'Workflows', icon: Workflow, visibleTo: 'signedIn' },
  { href: '/servers', label: 'Servers', icon: Plug, visibleTo: 'signedIn' },
  { href: '/config', label: 'Config', icon: FileCode, visibleTo: 'signedIn' },
  { href: '/audit', label: 'Audit', icon: ScrollText, visibleTo: 'signedIn' },
  { href: '/approvals', label: 'Approvals', icon: ShieldCheck, visibleTo: 'approver', hasApprovalsBadge: true },
  { href: '/settings/users', label: 'Settings', icon: Settings, visibleTo: 'admin', alsoActiveUnder: ['/settings/'] },
];

/** The entries a visitor with this access sees. */
export function visibleNavItems(access: NavAccess): NavItem[] {
  const rank = { anonymous: 0, signedIn: 1, approver: 2, admin: 3 } as const;
  return NAV_ITEMS.filter((item) => rank[item.visibleTo ?? 'anonymous'] <= rank[access]);
}

/** Whether `pathname` lies in the item's section. */
export function isActiveItem(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/' || (item.alsoActiveUnder ?? []).some((prefix) => pathname.startsWith(prefix));
  return pathname === item.href || pathname.startsWith(`${item.href}/`) || (item.alsoActiveUnder ?? []).some((prefix) => pathname.startsWith(prefix));
}
