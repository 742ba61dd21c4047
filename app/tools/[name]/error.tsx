'use client';

export default function ToolError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4">
      <h1 className="mb-2 text-lg font-semibold text-red-900">The tool could not be loaded</h1>
      <p className="mb-4 text-sm text-red-900">
        {error.digest ? `The error was logged on the server (reference ${error.digest}).` : error.message}
      </p>
      <button type="button" onClick={reset} className="rounded-md bg-red-700 px-3 py-1.5 text-sm text-white hover:bg-red-800">
        Try again
      </button>
    </div>
  );
}
