import type { BulkResult } from '@/lib/client-api/fleet-api';
import { isJsonEqual } from '@/components/audit/diff-values';
import { Badge } from '@/components/ui/badge';
import { SettingsView } from '@/components/ui/settings-view';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const TONE = { create: 'ok', update: 'info', delete: 'danger', unchanged: 'neutral' } as const;

/** What a bulk change would do to each agent: its settings before and after. */
export function BulkPreview({ results, schema }: { results: readonly BulkResult[]; schema: Record<string, unknown> }) {
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
            <TableCell className="min-w-0">{result.before ? <SettingsView value={result.before} schema={schema} label={`Settings of ${result.agentId} before`} /> : '—'}</TableCell>
            <TableCell className="min-w-0">{result.after ? <SettingsView value={result.after} schema={schema} changedKeys={changedKeys(result.before, result.after)} label={`Settings of ${result.agentId} after`} /> : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The keys whose values differ between before and after (all of after's for a new assignment). */
function changedKeys(before: BulkResult['before'], after: BulkResult['after']): ReadonlySet<string> {
  const was = before ?? {};
  const now = after ?? {};
  return new Set([...Object.keys(was), ...Object.keys(now)].filter((key) => !isJsonEqual(was[key], now[key])));
}
