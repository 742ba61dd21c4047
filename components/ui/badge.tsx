import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

/** Badge colours by meaning: one per assignment status and availability. */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      tone: {
        neutral: 'border-border bg-muted text-foreground',
        ok: 'border-success/30 bg-success-muted text-success',
        warning: 'border-warning/30 bg-warning-muted text-warning',
        danger: 'border-destructive/30 bg-destructive-muted text-destructive',
        info: 'border-info/30 bg-info-muted text-info',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

/** A short status label. Keep a text label: colour alone says nothing to some readers. */
export function Badge({ className, tone, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
