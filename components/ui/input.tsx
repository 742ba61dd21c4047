import { cn } from './cn';

/** The look of a text field, for inputs that other libraries render (cmdk's search box). */
export const fieldClass =
  'block w-full min-w-0 rounded-md border border-input bg-background px-3 py-1.5 text-sm text-foreground placeholder:text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 aria-invalid:border-destructive';

/** A text input in the app's look; `aria-invalid` turns its border red. */
export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(fieldClass, className)} {...props} />;
}

/** A multi-line text input in the app's look. */
export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-20', className)} {...props} />;
}

/** A native select in the app's look (accessible and keyboard-friendly as it is). */
export function Select({ className, ...props }: React.ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'pr-8', className)} {...props} />;
}

/** A native checkbox in the app's accent colour. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('size-4 shrink-0 accent-primary', className)} {...props} />;
}
