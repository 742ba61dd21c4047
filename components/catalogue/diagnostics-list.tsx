import type { Diagnostic } from '@/registry/diagnostics';

/** Failed plugins, conflicts and warnings; renders nothing when all is well. */
export function DiagnosticsList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <section aria-labelledby="diagnostics" className="mb-8 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h2 id="diagnostics" className="mb-2 font-semibold text-amber-900">
        Plugin problems ({diagnostics.length})
      </h2>
      <ul className="space-y-1 text-sm text-amber-900">
        {diagnostics.map((diagnostic, index) => (
          <li key={index}>
            <span className="font-medium">{diagnostic.kind}</span> · {diagnostic.source}
            {diagnostic.entry ? ` ${diagnostic.entry}` : ''}: {diagnostic.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
