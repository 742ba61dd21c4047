import { workflowHistoryKind } from '@/lib/history';
import { objectHistoryRoutes } from '@/lib/history/object-routes';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Brings the workflow back to `version` as one new audited change, through the checks of an edit; If-Match names the current version. */
export const POST = objectHistoryRoutes(workflowHistoryKind).restore;

/** GET, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
