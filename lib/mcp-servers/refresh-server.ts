import 'server-only';
import { AppError } from '@/lib/app-error';
import { can, type Actor } from '@/lib/auth/actor';
import { serverTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { describeConnectError } from './server-connection';
import { getServer } from './server-store';
import { authorizeServerChange } from './server-rules';
import { syncedHost, viewServer, type ServerView } from './server-view';

/**
 * Re-reads a server's tool list now (the Refresh button) and audits it; a blocked server's host
 * is checked against the egress policy again first. AppError `forbidden`, `not_found`,
 * `conflict` when this instance is not connected to it, with what failed (and the upstream's
 * own words only for those who may test connections).
 */
export async function refreshServer({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<ServerView> {
  const record = await getServer({ db, actor, name });
  authorizeServerChange(actor, record);
  const provider = (await syncedHost())?.provider(name);
  if (!provider) throw new AppError('conflict', `MCP server "${name}" is not running on this instance yet; try again`);
  try {
    await provider.refresh();
  } catch (error) {
    const state = provider.status();
    if (state.status !== 'connected') throw new AppError('conflict', `MCP server "${name}" is not connected: ${state.reason ?? state.status}`);
    const failure = describeConnectError(error, 30_000);
    const words = failure.detail !== undefined && can(actor, 'servers:test') ? `: ${failure.detail}` : '';
    throw new AppError('conflict', `Listing the tools of MCP server "${name}" failed. ${failure.reason}${words}`);
  }
  const view = viewServer(record, actor);
  await inTransaction(db, (trx) =>
    recordAuditEvent(trx, { actor, action: 'server.refresh', target: serverTarget(name), before: null, after: { toolCount: view.toolCount } }),
  );
  return view;
}
