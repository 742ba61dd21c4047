import { diagnosticKindLabel as kindLabel } from '@/lib/catalogue/diagnostic-text';
import type { Diagnostic } from '@/registry/diagnostics';
import { memo } from 'react';
import { Badge } from '@/components/ui/badge';

/** Failed plugins, conflicts and warnings; renders nothing when all is well. */
export const DiagnosticsList = memo(function DiagnosticsList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <section id="diagnostics" aria-labelledby="diagnostics-heading" className="mb-8 scroll-mt-4 rounded-md border border-warning/40 bg-warning-muted p-4">
      <h2 id="diagnostics-heading" className="mb-1 font-semibold text-warning">
        Plugin problems ({diagnostics.length})
      </h2>
      <p className="mb-3 text-sm text-warning">The other tools work. Fix these and restart the app.</p>
      <ul className="space-y-3 text-sm text-warning">
        {diagnostics.map((diagnostic, index) => (
          <li key={index}>
            <Badge tone={diagnostic.kind === 'warning' ? 'warning' : 'danger'} className="mr-2">
              {kindLabel[diagnostic.kind]}
            </Badge>
            <span className="font-medium wrap-anywhere">
              {diagnostic.source}
              {diagnostic.entry ? ` ${diagnostic.entry}` : ''}
            </span>
            <p className="mt-0.5 wrap-anywhere">{diagnostic.message}</p>
            {diagnostic.file && !diagnostic.message.includes(diagnostic.file) && (
              <p className="mt-0.5 font-mono text-xs text-warning wrap-anywhere">{diagnostic.file}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});
