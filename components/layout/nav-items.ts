import { Bot, LayoutGrid, type LucideIcon } from 'lucide-react';

/** One entry of the sidebar. */
export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that belong to this section (a tool page belongs to the catalogue). */
  alsoActiveUnder?: readonly string[];
}

/**
 * The sidebar's sections, in order. Later sections (Workflows, Servers, Audit at /audit,
 * Settings at /settings/users) go here once their pages exist.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Catalogue', icon: LayoutGrid, alsoActiveUnder: ['/tools/'] },
  { href: '/agents', label: 'Agents', icon: Bot },
];

/** Whether `pathname` lies in the item's section. */
export function isActiveItem(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/' || (item.alsoActiveUnder ?? []).some((prefix) => pathname.startsWith(prefix));
  return pathname === item.href || pathname.startsWith(`${item.href}/`) || (item.alsoActiveUnder ?? []).some((prefix) => pathname.startsWith(prefix));
}
