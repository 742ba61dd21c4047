import { ChevronRight } from 'lucide-react';
import Link from 'next/link';

/** One step of the breadcrumb trail; the last one (the current page) has no link. */
export interface Crumb {
  label: string;
  href?: string;
}

/** The trail from a section to the current page, above its title. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1">
            {index > 0 && <ChevronRight aria-hidden="true" className="size-3.5 shrink-0" />}
            {item.href ? (
              <Link href={item.href} className="text-link underline-offset-4 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface PageHeaderProps {
  title: React.ReactNode;
  breadcrumbs?: readonly Crumb[];
  /** A sentence under the title. */
  description?: React.ReactNode;
  /** Buttons at the title's end. */
  actions?: React.ReactNode;
  /** Classes for the h1 (a tool's name is monospace). */
  titleClassName?: string;
}

/** A page's breadcrumbs, title, lead sentence and actions, spaced the same on every page. */
export function PageHeader({ title, breadcrumbs, description, actions, titleClassName }: PageHeaderProps) {
  return (
    <header className="mb-6">
      {breadcrumbs && breadcrumbs.length > 0 && <Breadcrumbs items={breadcrumbs} />}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className={`min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere ${titleClassName ?? ''}`}>{title}</h1>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {description && <div className="mt-1 text-muted-foreground">{description}</div>}
    </header>
  );
}
