'use client';

import { useTheme } from 'next-themes';
import { Toaster as Sonner } from 'sonner';

/** Where toasts appear (sonner), in the current theme's colours. Notices: `toast.success(…)`, `toast.error(…)`. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      position="bottom-right"
      closeButton
      toastOptions={{ classNames: { toast: 'border-border bg-popover text-popover-foreground', description: 'text-muted-foreground' } }}
    />
  );
}
