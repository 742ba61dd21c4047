import { appOrigin } from '@/lib/auth/oauth/app-origin';
import { authorizationServerMetadata } from '@/lib/auth/oauth/metadata';
import { publicApiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

/** Authorization Server Metadata (RFC 8414), public: MCP clients read it before they register. */
export const GET = publicApiRoute(async (request) => Response.json(authorizationServerMetadata(appOrigin(request)), { headers: { 'cache-control': 'public, max-age=300' } }));
