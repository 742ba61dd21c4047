import 'server-only';
import { diagnosticText } from '@/lib/catalogue/diagnostic-text';
import type { Diagnostic } from '@/registry/diagnostics';
import { logger } from './logger';

const holder = globalThis as typeof globalThis & { toolsAdminLoggedProblems?: Set<string> };

/**
 * Logs each plugin problem once per process, in the words of the catalogue's panel; one seen
 * before is not logged again however often the catalogue is read.
 */
export function logPluginProblems(diagnostics: readonly Diagnostic[]): void {
  const logged = (holder.toolsAdminLoggedProblems ??= new Set());
  for (const diagnostic of diagnostics) {
    const text = diagnosticText(diagnostic);
    if (logged.has(text)) continue;
    logged.add(text);
    const { kind, source, entry, file, phase, toolName } = diagnostic;
    logger.warn({ pluginProblem: { kind, source, entry, file, phase, toolName } }, text);
  }
}
