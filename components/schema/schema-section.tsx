import { SchemaTable } from './schema-table';
import { SchemaToggle } from './schema-toggle';

/** A titled schema: the readable table with a toggle to its raw JSON. */
export function SchemaSection({
  title,
  schema,
  emptyText,
  children,
}: {
  title: string;
  schema: Record<string, unknown>;
  emptyText?: string;
  children?: React.ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      <SchemaToggle table={<SchemaTable schema={schema} caption={title} emptyText={emptyText} />} json={JSON.stringify(schema, null, 2)} />
      {children}
    </section>
  );
}
