import { ruleHistoryRoutes } from '@/lib/history/rule-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The group rule's versions, oldest first, with the current one as ETag (what a restore's If-Match names). */
export const GET = ruleHistoryRoutes.list;

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
