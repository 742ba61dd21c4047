import { getOpenApiDocument } from '@/lib/api/openapi';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

/** The OpenAPI 3.1 document of `/api/v1`. */
export const GET = apiRoute({ permission: 'signed-in' }, async () => Response.json(getOpenApiDocument()));
