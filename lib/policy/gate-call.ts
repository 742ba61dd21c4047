import 'server-only';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { approvalTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { toApprovalView } from './approval';
import { approvalTtlMs } from './approval-ttl';
import { callHash } from './call-hash';
import { HeldCallError } from './held-call';
import type { Sourced } from './layer-tool';
import { maskArguments } from './mask-arguments';
import type { CallPolicy } from './tool-policy';

/** What `gateCall` needs: the call as checked so far, and its tool's call policy for the agent. */
export interface GateCallOptions {
  db: Db;
  actor: Actor;
  agentId: string;
  toolName: string;
  /** The name the model called it by. */
  shownName: string;
  arguments: Record<string, unknown>;
  /** The tool's parameters schema: what marks a value secret, for the approvals page. */
  schema: Record<string, unknown>;
  policy: Sourced<CallPolicy>;
  policyVersion: string;
}

/**
 * Lets a call through its tool's call policy, in the one call path. `allow`: undefined. `deny`:
 * AppError `forbidden`. `ask`: the id of an approval a person gave to this exact call (agent,
 * tool, arguments as canonical JSON, policy version), marked used so it runs once; AppError
 * `forbidden` while a person's denial of it holds; else HeldCallError with the pending approval
 * (the one already waiting for this call, or a new one, audited as `approval.request`). A new
 * request and a use are published on the change bus (`approvals`) for live views.
 */
export async function gateCall(options: GateCallOptions): Promise<string | undefined> {
  const { db, agentId, toolName, policy } = options;
  if (policy.value === 'allow') return undefined;
  if (policy.value === 'deny') throw new AppError('forbidden', `The tool policy of agent "${agentId}" denies every call of "${options.shownName}"`);
  const hash = callHash({ agentId, toolName, arguments: options.arguments, policyVersion: options.policyVersion });
  const now = new Date().toISOString();
  const live = db.selectFrom('tool_approvals').selectAll().where('call_hash', '=', hash).where('expires_at', '>', now);
  const approved = await live.where('status', '=', 'approved').orderBy('decided_at').limit(1).executeTakeFirst();
  if (approved) {
    // Only one caller's UPDATE finds it still approved: the call runs exactly once.
    const used = await db.updateTable('tool_approvals').set({ status: 'used', used_at: now }).where('id', '=', approved.id).where('status', '=', 'approved').executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) {
      await publishChange({ kind: 'approvals', approvalId: approved.id, change: 'used' });
      return approved.id;
    }
  }
  const denied = await live.where('status', '=', 'denied').orderBy('decided_at', 'desc').limit(1).executeTakeFirst();
  if (denied) {
    const comment = denied.comment ? `: ${denied.comment}` : '';
    throw new AppError('forbidden', `${denied.decided_by_name ?? 'A person'} denied this call of "${options.shownName}" (approval ${denied.id})${comment}`);
  }
  const pending = await live.where('status', '=', 'pending').orderBy('requested_at').limit(1).executeTakeFirst();
  if (pending) throw new HeldCallError(toApprovalView(pending));
  const requested = await requestApproval(options, hash, now);
  // Told once committed: open approvals pages (on any instance) show it without asking again.
  await publishChange({ kind: 'approvals', approvalId: requested.id, change: 'requested' });
  throw new HeldCallError(toApprovalView(requested));
}

async function requestApproval(options: GateCallOptions, hash: string, now: string) {
  const { db, actor, agentId, toolName } = options;
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('tool_approvals')
      .values({
        id: randomUUID(),
        agent_id: agentId,
        tool_name: toolName,
        shown_name: options.shownName,
        call_hash: hash,
        policy_version: options.policyVersion,
        arguments: JSON.stringify(maskArguments(options.schema, options.arguments)),
        status: 'pending',
        requested_by: actor.id,
        requested_by_name: actor.displayName,
        requested_at: now,
        expires_at: new Date(Date.parse(now) + approvalTtlMs()).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = toApprovalView(row);
    await recordAuditEvent(trx, {
      actor,
      action: 'approval.request',
      target: approvalTarget(row.id),
      before: null,
      after: { agentId, toolName, shownName: view.shownName, arguments: view.arguments, policy: options.policy, expiresAt: view.expiresAt },
    });
    return row;
  });
}
