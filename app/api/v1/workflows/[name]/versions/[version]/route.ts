import { workflowHistoryKind } from '@/lib/history';
import { objectHistoryRoutes } from '@/lib/history/object-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** What the workflow was at one version, and what of it no longer exists. */
export const GET = objectHistoryRoutes(workflowHistoryKind).one;

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
