/** Where in a plugin's life something went wrong. */
export type DiagnosticPhase =
  | 'manifest'
  | 'import'
  | 'construct'
  | 'bind'
  | 'name'
  | 'group'
  | 'isAvailable'
  | 'unavailableReason'
  | 'unavailableSince'
  | 'description'
  | 'overridesSchema'
  | 'checkOverrides'
  | 'toolNames'
  | 'toolsVersion'
  | 'lastKnownTools'
  | 'create'
  | 'tool';

/**
 * What admins need to know about the plugins: `failed` (a plugin threw or is malformed;
 * the rest of the catalogue still works), `conflict` (two sources claim one name),
 * `warning` (something looks wrong but nothing failed).
 */
export interface Diagnostic {
  readonly kind: 'failed' | 'conflict' | 'warning';
  /** "builtin" or the plugin package's name. */
  readonly source: string;
  /** The registered export, e.g. "./dist/index.js#WordCountToolFactory". */
  readonly entry?: string;
  /** The file at fault, when there is one. */
  readonly file?: string;
  readonly phase?: DiagnosticPhase;
  readonly toolName?: string;
  /** For conflicts: every claimant as "source entry", the winner first. */
  readonly claimants?: readonly string[];
  readonly message: string;
}

/** Turns anything thrown into a one-line message; never throws itself, whatever it is given. */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message || error.name);
    if (typeof error === 'string') return error;
    return JSON.stringify(error) ?? String(error);
  } catch {
    return 'a value that cannot be printed';
  }
}

/**
 * Faults seen while calling plugins, one per plugin, phase and tool name. A later
 * success of the same call clears its fault, so the list shows what is broken now.
 */
export class FaultLog {
  private readonly faults = new Map<string, Diagnostic>();
  private changes = 0;

  /** Moves whenever the list changes (a new fault, another message, one cleared); the same fault again moves nothing. */
  get version(): number {
    return this.changes;
  }

  record(diagnostic: Diagnostic): void {
    const key = FaultLog.key(diagnostic);
    const known = this.faults.get(key);
    if (known && known.kind === diagnostic.kind && known.message === diagnostic.message && known.file === diagnostic.file) {
      // A fault seen again is not news: the list stays as it was.
      return;
    }
    this.faults.set(key, diagnostic);
    this.changes++;
  }

  clear(where: Pick<Diagnostic, 'source' | 'entry' | 'phase' | 'toolName'>): void {
    if (this.faults.size > 0 && this.faults.delete(FaultLog.key(where))) this.changes++;
  }

  /** Drops the faults `isStale` picks, e.g. those of tool names a provider no longer serves. */
  clearWhere(isStale: (diagnostic: Diagnostic) => boolean): void {
    for (const [key, diagnostic] of this.faults) {
      if (isStale(diagnostic)) {
        this.faults.delete(key);
        this.changes++;
      }
    }
  }

  list(): Diagnostic[] {
    return [...this.faults.values()];
  }

  private static key(d: Pick<Diagnostic, 'source' | 'entry' | 'phase' | 'toolName'>): string {
    return [d.source, d.entry ?? '', d.phase ?? '', d.toolName ?? ''].join('\u0000');
  }
}
