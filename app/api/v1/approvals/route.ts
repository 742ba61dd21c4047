import { ApprovalListQuerySchema } from '@/lib/api/approval-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { countPendingApprovals, listApprovals } from '@/lib/policy/list-approvals';

export const dynamic = 'force-dynamic';

/** Held tool calls (pending by default) and how many are pending: for admins and editors. */
export const GET = apiRoute({ permission: 'approvals:decide' }, async (request, _params, { actor, db }) => {
  const { view = 'pending' } = readQuery(request, ApprovalListQuerySchema);
  const [approvals, pendingCount] = await Promise.all([listApprovals({ db, actor, view }), countPendingApprovals({ db, actor })]);
  return jsonResponse({ approvals, pendingCount });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
