'use client';

/** What Next.js hands an `error.tsx` boundary. */
export interface RouteErrorProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/** The body of a route's error boundary: what failed, the server's log reference, and a retry. */
export function RouteError({ title, error, reset }: RouteErrorProps & { title: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4">
      <h1 className="mb-2 text-lg font-semibold text-red-900">{title}</h1>
      <p className="mb-4 text-sm text-red-900 wrap-anywhere">
        {error.digest ? `The error was logged on the server (reference ${error.digest}).` : error.message}
      </p>
      <button type="button" onClick={reset} className="rounded-md bg-red-700 px-3 py-1.5 text-sm text-white hover:bg-red-800">
        Try again
      </button>
    </div>
  );
}
