import type { Diagnostic } from '@/registry/diagnostics';

/** How the catalogue's "Plugin problems" panel names each kind of diagnostic. */
export const diagnosticKindLabel: Record<Diagnostic['kind'], string> = {
  failed: 'Failed',
  conflict: 'Name conflict',
  warning: 'Warning',
};

/** One diagnostic as one line, in the panel's words: kind, plugin and entry, message, file. */
export function diagnosticText(diagnostic: Diagnostic): string {
  const where = `${diagnostic.source}${diagnostic.entry ? ` ${diagnostic.entry}` : ''}`;
  const file = diagnostic.file && !diagnostic.message.includes(diagnostic.file) ? ` (${diagnostic.file})` : '';
  return `${diagnosticKindLabel[diagnostic.kind]}: ${where}: ${diagnostic.message}${file}`;
}
