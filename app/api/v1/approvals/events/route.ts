import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { approvalEventsResponse } from '@/lib/policy/approval-events';

export const dynamic = 'force-dynamic';

/** Live approval changes as server-sent events, from every instance: for admins and editors. */
export const GET = apiRoute({ permission: 'approvals:decide' }, async (request, _params, { actor, db }) => approvalEventsResponse({ db, actor, signal: request.signal }));

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
