import { DecisionBodySchema } from '@/lib/api/approval-schemas';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { decideApproval } from '@/lib/policy/decide-approval';

export const dynamic = 'force-dynamic';

/** Approves or denies a held call, with a comment: admins and editors, never a token, never the one who asked. */
export const POST = apiRoute<{ id: string }>({ permission: 'approvals:decide' }, async (request, { id }, { actor, db }) => {
  const { decision, comment } = await readJsonBody(request, DecisionBodySchema);
  return jsonResponse(await decideApproval({ db, actor, id, decision, comment }));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
