import type { BulkResult } from '@/lib/client-api/fleet-api';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const TONE = { create: 'ok', update: 'info', delete: 'danger', unchanged: 'neutral' } as const;

/** What a bulk change would do to each agent: its settings before and after. */
export function BulkPreview({ results }: { results: readonly BulkResult[] }) {
  return (
    <Table aria-label="Preview of the change">
      <TableHeader>
        <TableRow>
          <TableHead>Agent</TableHead>
          <TableHead>Change</TableHead>
          <TableHead>Settings before</TableHead>
          <TableHead>Settings after</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {results.map((result) => (
          <TableRow key={result.agentId}>
            <TableCell className="font-mono">{result.agentId}</TableCell>
            <TableCell>
              <Badge tone={TONE[result.action]}>{result.action}</Badge>
            </TableCell>
            <TableCell className="font-mono text-xs wrap-anywhere">{result.before ? JSON.stringify(result.before) : '—'}</TableCell>
            <TableCell className="font-mono text-xs wrap-anywhere">{result.after ? JSON.stringify(result.after) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
