import { ruleHistoryRoutes } from '@/lib/history/rule-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Brings the group rule back to `version` as one new audited change, through the rule's own edit; If-Match names the current version. */
export const POST = ruleHistoryRoutes.restore;

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
