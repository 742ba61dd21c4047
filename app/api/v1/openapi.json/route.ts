import { getOpenApiDocument } from '@/lib/api/openapi';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** The OpenAPI 3.1 document of `/api/v1`. */
export const GET = apiRoute({ permission: 'signed-in' }, async () => Response.json(getOpenApiDocument()));

/** POST, PUT, PATCH, DELETE: 405 with `Allow`. */
export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
