import { ruleHistoryRoutes } from '@/lib/history/rule-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** What the group rule was at one version, and what of it no longer exists. */
export const GET = ruleHistoryRoutes.one;

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
