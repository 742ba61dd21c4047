import { schemaRows } from '@/lib/schema/schema-rows';

/** A JSON Schema's properties as a table; nested objects and array items are indented below their parent. */
export function SchemaTable({ schema, caption, emptyText = 'No properties.' }: { schema: Record<string, unknown>; caption: string; emptyText?: string }) {
  const rows = schemaRows(schema);
  if (rows.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    // Scrolls sideways on a phone, so keyboard users must be able to reach it (and hear what it is).
    // Cells keep their words whole: a long value widens the table inside this region, not the page.
    <div
      role="region"
      aria-label={`${caption} table`}
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {['Parameter', 'Type', 'Required', 'Default', 'Constraints', 'Description'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.path} className="align-top">
              <th scope="row" className="px-3 py-2 font-mono font-medium" style={{ paddingLeft: `${0.75 + row.depth * 1.25}rem` }}>
                {row.depth > 0 && <span aria-hidden="true" className="mr-1 text-slate-400">└</span>}
                {row.name}
              </th>
              <td className="px-3 py-2 font-mono text-slate-700">{row.type}</td>
              <td className="px-3 py-2">{row.required ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2 font-mono break-words">{row.defaultValue ?? '—'}</td>
              <td className="px-3 py-2 break-words">{row.constraints.length > 0 ? row.constraints.join('; ') : '—'}</td>
              <td className="px-3 py-2 text-slate-700 break-words">{row.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
