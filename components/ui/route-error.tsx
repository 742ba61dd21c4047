'use client';

import { Button } from './button';

/** What Next.js hands an `error.tsx` boundary. */
export interface RouteErrorProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/** The body of a route's error boundary: what failed, the server's log reference, and a retry. */
export function RouteError({ title, error, reset }: RouteErrorProps & { title: string }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive-muted p-4 text-destructive">
      <h1 className="mb-2 text-lg font-semibold">{title}</h1>
      <p className="mb-4 text-sm wrap-anywhere">
        {error.digest ? `The error was logged on the server (reference ${error.digest}).` : error.message}
      </p>
      <Button variant="destructive" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
