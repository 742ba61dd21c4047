import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { serverTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { getServer } from './server-store';
import { authorizeServerChange } from './server-rules';
import { syncedHost, viewServer, type ServerView } from './server-view';

/**
 * Re-reads a server's tool list now (the Refresh button) and audits it. AppError `forbidden`,
 * `not_found`, `conflict` when this instance is not connected to it (with the reason).
 */
export async function refreshServer({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<ServerView> {
  const record = await getServer({ db, actor, name });
  authorizeServerChange(actor, record);
  const provider = (await syncedHost())?.provider(name);
  if (!provider) throw new AppError('conflict', `MCP server "${name}" is not running on this instance yet; try again`);
  try {
    await provider.refresh();
  } catch (error) {
    throw new AppError('conflict', error instanceof Error ? error.message : String(error));
  }
  const view = viewServer(record, actor);
  await inTransaction(db, (trx) =>
    recordAuditEvent(trx, { actor, action: 'server.refresh', target: serverTarget(name), before: null, after: { toolCount: view.toolCount } }),
  );
  return view;
}
