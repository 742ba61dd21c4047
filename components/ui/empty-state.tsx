import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

interface EmptyStateProps {
  icon?: LucideIcon;
  title: React.ReactNode;
  children?: React.ReactNode;
  /** A button or link that gets the admin going. */
  action?: React.ReactNode;
  /** The title's heading level where a heading fits the page's outline; a paragraph otherwise. */
  headingLevel?: 2 | 3;
  className?: string;
}

/** What a page or section shows when it has nothing to list: what is missing, why, and what to do. */
export function EmptyState({ icon: Icon, title, children, action, headingLevel, className }: EmptyStateProps) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div className={cn('flex flex-col items-center rounded-lg border border-dashed border-border p-8 text-center', className)}>
      {Icon && <Icon aria-hidden="true" className="mb-2 size-8 text-muted-foreground" />}
      <Title className="mb-1 text-lg font-semibold wrap-anywhere">{title}</Title>
      {children && <div className="mb-4 max-w-prose text-sm text-muted-foreground">{children}</div>}
      {action}
    </div>
  );
}
