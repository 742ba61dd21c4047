'use client';

import { useState } from 'react';

/** Shows the readable table or, on request, the raw JSON; both are rendered on the server. */
export function SchemaToggle({ table, json }: { table: React.ReactNode; json: string }) {
  const [isRaw, setIsRaw] = useState(false);
  return (
    <div>
      <button
        type="button"
        aria-pressed={isRaw}
        onClick={() => setIsRaw((raw) => !raw)}
        className="mb-2 rounded-md border border-slate-400 px-2.5 py-1 text-sm hover:bg-slate-100"
      >
        {isRaw ? 'Show table' : 'Show raw JSON'}
      </button>
      {isRaw ? (
        <pre className="max-h-[32rem] overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
          <code>{json}</code>
        </pre>
      ) : (
        table
      )}
    </div>
  );
}
