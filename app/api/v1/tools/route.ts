import { catalogueResponse } from '@/lib/catalogue/catalogue-response';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

/** The catalogue: every tool the registry knows, plus the plugins' diagnostics. */
export const GET = apiRoute({ permission: 'catalogue:read' }, (request, _params, actor) => catalogueResponse(request, actor));
