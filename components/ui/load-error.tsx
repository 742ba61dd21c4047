/** A failed load or refresh of a page's data, with a way to try again. */
export function LoadError({ message, isRetrying, onRetry }: { message: string; isRetrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={isRetrying}
        className="rounded-md bg-red-700 px-3 py-1.5 text-white hover:bg-red-800 disabled:opacity-60"
      >
        {isRetrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
