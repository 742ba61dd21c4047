import 'server-only';
import { sql } from 'kysely';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { isClosedDatabaseError } from '@/lib/db/closed-database';
import { subscribeChanges } from '@/lib/events';
import { toWorkflow, type Workflow } from './workflow';

/** How often each instance compares the stored workflows' version with its cache, beside LISTEN/NOTIFY. */
export const WORKFLOW_POLL_MS = 2000;

/**
 * The stored workflows, in memory, for the provider's `toolNames()` and `create()`: never a
 * query per lookup. Reloaded when this process changes a workflow, on every change event (from
 * other instances through PostgreSQL LISTEN/NOTIFY), and when a cheap version poll sees the
 * table change (a lost notice, or another process on one SQLite file).
 */
export class WorkflowCache {
  private byTool = new Map<string, Workflow>();
  private names: ReadonlySet<string> = new Set();
  private fingerprint = '';
  private pending: Promise<void> | undefined;
  private again = false;
  private stopWatching: (() => void) | undefined;
  /** The connection the last load read through; the poll uses it and never opens one itself. */
  private lastDb: Db | undefined;
  /** Set once its database was closed for good (a test's, or at shutdown): nothing is left to read. */
  private isRetired = false;

  constructor(private readonly db: () => Promise<Db>) {}

  /** Tool names of every stored workflow, as last loaded. */
  toolNames(): ReadonlySet<string> {
    return this.names;
  }

  /** The stored names and versions as last loaded: it changes with every save, a rename or not. */
  version(): string {
    return this.fingerprint;
  }

  /** A workflow by its tool name (`workflow_<name>`), as last loaded. */
  byToolName(toolName: string): Workflow | undefined {
    return this.byTool.get(toolName);
  }

  /** Every workflow as last loaded, by name. */
  all(): Workflow[] {
    return [...this.byTool.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Reads the table afresh; concurrent calls share one read, and a call during a read gets another after it. */
  reload(): Promise<void> {
    if (this.isRetired) return Promise.resolve();
    if (this.pending) {
      this.again = true;
      return this.pending;
    }
    this.pending = (async () => {
      try {
        do {
          this.again = false;
          await this.load();
        } while (this.again);
      } catch (error) {
        if (!isClosedDatabaseError(error)) throw error;
        // The database this cache reads was closed on purpose, so no later read can succeed:
        // keep what was loaded, stop listening and polling, and let writes stop refreshing it.
        this.retire();
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  private async load(): Promise<void> {
    const db = await this.db();
    const rows = await db.selectFrom('workflows').selectAll().execute();
    this.lastDb = db;
    const byTool = new Map<string, Workflow>();
    for (const row of rows) {
      try {
        const workflow = toWorkflow(row);
        byTool.set(workflow.toolName, workflow);
      } catch (error) {
        console.error(`Workflow "${row.name}" could not be read`, error instanceof Error ? error.message : error);
      }
    }
    this.byTool = byTool;
    this.names = new Set(byTool.keys());
    this.fingerprint = fingerprintOf(rows.length, rows.map((row) => `${row.name}@${row.version}`).sort().join(','));
  }

  private retire(): void {
    this.isRetired = true;
    this.stopWatching?.();
    host.workflowCaches?.delete(this);
  }

  /** Starts listening for changes and polling the version; returns the function that stops. */
  watch(): () => void {
    if (this.stopWatching) return this.stopWatching;
    if (this.isRetired) return () => undefined;
    const unsubscribe = subscribeChanges((event) => {
      if (event.kind === 'catalogue') this.reload().catch(logReloadFailure);
    });
    const timer = setInterval(() => {
      // A failed poll (the database restarting) just tries again next time; a closed one ends the watch.
      this.pollVersion().catch((error: unknown) => {
        if (isClosedDatabaseError(error)) this.retire();
      });
    }, WORKFLOW_POLL_MS);
    timer.unref();
    this.stopWatching = () => {
      clearInterval(timer);
      unsubscribe();
      this.stopWatching = undefined;
    };
    return this.stopWatching;
  }

  /** Reloads when the table's names and versions differ from the cache's. */
  private async pollVersion(): Promise<void> {
    const db = this.lastDb;
    if (!db || this.pending || this.isRetired) return;
    const { rows } = await sql<{ names: string | null; n: number | string }>`
      select count(*) as n, ${listAgg(db)} as names from workflows`.execute(db);
    const row = rows[0];
    const current = fingerprintOf(Number(row?.n ?? 0), row?.names ?? '');
    if (current !== this.fingerprint) await this.reload();
  }
}

function fingerprintOf(count: number, names: string): string {
  return `${count}:${names.split(',').filter(Boolean).sort().join(',')}`;
}

/** `name@version` of every row joined by commas, in either dialect. */
function listAgg(db: Db) {
  return dialectOf(db) === 'postgres'
    ? sql`string_agg(name || '@' || version::text, ',')`
    : sql`group_concat(name || '@' || version, ',')`;
}

function logReloadFailure(error: unknown): void {
  console.error('Workflows: reloading the stored workflows failed', error instanceof Error ? error.message : error);
}

const host = globalThis as typeof globalThis & { workflowCaches?: Set<WorkflowCache> };

/** Remembers a cache so writes in this process reload it before they answer. */
export function trackWorkflowCache(cache: WorkflowCache): void {
  (host.workflowCaches ??= new Set()).add(cache);
}

/** Reloads every workflow cache of this process (after a write, so the catalogue shows it at once). */
export async function refreshWorkflowCaches(): Promise<void> {
  await Promise.all([...(host.workflowCaches ?? [])].map((cache) => cache.reload()));
}
