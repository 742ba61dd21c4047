import { diagnosticKindLabel as kindLabel } from '@/lib/catalogue/diagnostic-text';
import type { Diagnostic } from '@/registry/diagnostics';

/** Failed plugins, conflicts and warnings; renders nothing when all is well. */
export function DiagnosticsList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <section aria-labelledby="diagnostics" className="mb-8 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h2 id="diagnostics" className="mb-1 font-semibold text-amber-950">
        Plugin problems ({diagnostics.length})
      </h2>
      <p className="mb-3 text-sm text-amber-900">The other tools work. Fix these and restart the app.</p>
      <ul className="space-y-3 text-sm text-amber-950">
        {diagnostics.map((diagnostic, index) => (
          <li key={index}>
            <span className="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-medium">{kindLabel[diagnostic.kind]}</span>
            <span className="font-medium wrap-anywhere">
              {diagnostic.source}
              {diagnostic.entry ? ` ${diagnostic.entry}` : ''}
            </span>
            <p className="mt-0.5 wrap-anywhere">{diagnostic.message}</p>
            {diagnostic.file && !diagnostic.message.includes(diagnostic.file) && (
              <p className="mt-0.5 font-mono text-xs text-amber-800 wrap-anywhere">{diagnostic.file}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
