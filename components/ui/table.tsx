import { cn } from './cn';

/**
 * A data table. Below the `sm` breakpoint (phones) each row becomes a stacked block, every cell
 * preceded by its column's name, taken from the cell's `data-label`, so no column scrolls off-screen.
 */
export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return <table className={cn('w-full border-collapse text-sm max-sm:block', className)} {...props} />;
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  // On a phone each cell names its column itself (data-label); a header row, even visually
  // hidden, would still be laid out at its full width and push the page sideways.
  return <thead className={cn('border-b border-border text-left max-sm:hidden', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('max-sm:block', className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border align-top last:border-b-0 max-sm:block max-sm:py-2', className)} {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return <th scope="col" className={cn('px-2 py-2 font-medium text-muted-foreground', className)} {...props} />;
}

/** A cell; give it `data-label` (its column's name) for the stacked phone layout. */
export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      className={cn(
        'px-2 py-2 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:mr-2 max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  );
}
