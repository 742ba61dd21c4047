import { AlertCircle, RotateCw } from 'lucide-react';
import { Button } from './button';

/** A failed load or refresh of a page's data, with a way to try again. */
export function LoadError({ message, isRetrying, onRetry }: { message: string; isRetrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive-muted p-3 text-sm text-destructive">
      <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
      <p className="flex-1 wrap-anywhere">{message}</p>
      <Button variant="destructive" size="sm" onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden="true" />
        {isRetrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
