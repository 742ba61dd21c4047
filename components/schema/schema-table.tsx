import { schemaRows } from '@/lib/schema/schema-rows';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const COLUMNS = ['Parameter', 'Type', 'Required', 'Default', 'Constraints', 'Description'] as const;

/**
 * A JSON Schema's properties as a table; nested objects and array items are indented below their
 * parent. On a phone each property is a stacked block (name, then each column as "label value"),
 * so the description stays on screen instead of scrolling off to the side.
 */
export function SchemaTable({ schema, caption, emptyText = 'No properties.' }: { schema: Record<string, unknown>; caption: string; emptyText?: string }) {
  const rows = schemaRows(schema);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    // Wide screens: it may scroll sideways, so keyboard users must be able to reach it (and hear what it is).
    <div
      role="region"
      aria-label={`${caption} table`}
      tabIndex={0}
      className="rounded-md border border-border px-3 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:overflow-x-auto sm:px-0"
    >
      <Table className="text-left sm:min-w-[40rem]">
        <caption className="sr-only">{caption}</caption>
        <TableHeader className="bg-muted">
          <tr>
            {COLUMNS.map((heading) => (
              <TableHead key={heading} className="px-3">
                {heading}
              </TableHead>
            ))}
          </tr>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.path}>
              <th
                scope="row"
                className="px-3 py-2 font-mono font-medium break-words max-sm:block max-sm:px-0 max-sm:pb-1 max-sm:!pl-[calc(var(--depth)*1rem)] sm:pl-[calc(0.75rem+var(--depth)*1.25rem)]"
                style={{ '--depth': row.depth } as React.CSSProperties}
              >
                {row.depth > 0 && <span aria-hidden="true" className="mr-1 text-muted-foreground">└</span>}
                {row.name}
              </th>
              <TableCell data-label="Type:" className="px-3 font-mono text-muted-foreground max-sm:pl-[calc(var(--depth)*1rem)]" style={{ '--depth': row.depth } as React.CSSProperties}>
                {row.type}
              </TableCell>
              <TableCell data-label="Required:" className="px-3 max-sm:pl-[calc(var(--depth)*1rem)]" style={{ '--depth': row.depth } as React.CSSProperties}>
                {row.required ? 'Yes' : 'No'}
              </TableCell>
              <TableCell data-label="Default:" className="px-3 font-mono break-words max-sm:pl-[calc(var(--depth)*1rem)]" style={{ '--depth': row.depth } as React.CSSProperties}>
                {row.defaultValue ?? '—'}
              </TableCell>
              <TableCell data-label="Constraints:" className="px-3 break-words max-sm:pl-[calc(var(--depth)*1rem)]" style={{ '--depth': row.depth } as React.CSSProperties}>
                {row.constraints.length > 0 ? row.constraints.join('; ') : '—'}
              </TableCell>
              <TableCell data-label="Description:" className="px-3 text-muted-foreground break-words max-sm:pl-[calc(var(--depth)*1rem)]" style={{ '--depth': row.depth } as React.CSSProperties}>
                {row.description ?? ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
