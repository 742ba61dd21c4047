import { cn } from './cn';

/** The card look, for an element that must be something else than a div (a list item). */
export const cardClass = 'rounded-lg border border-border bg-card text-card-foreground shadow-sm';

/** A bordered panel on the page background. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn(cardClass, className)} {...props} />;
}

/** A card's title row. */
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-start gap-3 p-4 pb-2', className)} {...props} />;
}

/** A card's body. */
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('p-4 pt-0', className)} {...props} />;
}
