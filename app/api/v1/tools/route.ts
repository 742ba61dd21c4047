import { catalogueResponse } from '@/lib/catalogue/catalogue-response';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The catalogue: every tool the registry knows, plus the plugins' diagnostics. */
export const GET = apiRoute({ permission: 'catalogue:read' }, (request, _params, context) => catalogueResponse(request, context));

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
