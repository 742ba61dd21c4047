'use client';

import { Braces, Table2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Shows the readable table or, on request, the raw JSON; both are rendered on the server. */
export function SchemaToggle({ table, json }: { table: React.ReactNode; json: string }) {
  const [isRaw, setIsRaw] = useState(false);
  return (
    <div>
      <Button size="sm" aria-pressed={isRaw} onClick={() => setIsRaw((raw) => !raw)} className="mb-2">
        {isRaw ? <Table2 aria-hidden="true" /> : <Braces aria-hidden="true" />}
        {isRaw ? 'Show table' : 'Show raw JSON'}
      </Button>
      {isRaw ? (
        <pre className="max-h-[32rem] overflow-auto rounded-md border border-border bg-muted p-3 text-xs text-foreground">
          <code>{json}</code>
        </pre>
      ) : (
        table
      )}
    </div>
  );
}
