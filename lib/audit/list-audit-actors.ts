import 'server-only';
import { sql } from 'kysely';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';

/** The most actors one search answers. */
export const MAX_AUDIT_ACTORS = 20;

/** An actor that appears in the audit log: its id (what the `actor` filter takes) and a name it was recorded under. */
export interface AuditActor {
  id: string;
  name: string;
}

/**
 * The actors whose id or recorded name contains `search` (any case), for the audit page's actor
 * picker: "Ada" finds `user:ada@example.com` by "Ada Lovelace (editor)". At most
 * {@link MAX_AUDIT_ACTORS}, by id. Errors: `forbidden` without `audit:read`.
 */
export async function listAuditActors({ db, actor, search }: { db: Db; actor: Actor; search: string }): Promise<AuditActor[]> {
  authorize(actor, 'audit:read');
  // LIKE's own wildcards in the search are matched as themselves.
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .selectFrom('audit_events')
    .select(['actor_id', sql<string>`max(actor_name)`.as('name')])
    .where((eb) => eb.or([eb(sql`lower(actor_id)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(coalesce(actor_name, ''))`, 'like', sql`${pattern} escape '\\'`)]))
    .groupBy('actor_id')
    .orderBy('actor_id')
    .limit(MAX_AUDIT_ACTORS)
    .execute();
  return rows.map((row) => ({ id: row.actor_id, name: row.name ?? row.actor_id }));
}
