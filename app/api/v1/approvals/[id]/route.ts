import { ApprovalWaitQuerySchema } from '@/lib/api/approval-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readQuery } from '@/lib/http/query';
import { jsonResponse } from '@/lib/http/responses';
import { waitForApproval } from '@/lib/policy/list-approvals';

export const dynamic = 'force-dynamic';

/** One held call, for those who decide and for the caller that asked; `waitSeconds` waits while it is pending. */
export const GET = apiRoute<{ id: string }>({ permission: 'signed-in' }, async (request, { id }, { actor, db }) => {
  const { waitSeconds = 0 } = readQuery(request, ApprovalWaitQuerySchema);
  return jsonResponse(await waitForApproval({ db, actor, id, waitMs: waitSeconds * 1000, signal: request.signal }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
