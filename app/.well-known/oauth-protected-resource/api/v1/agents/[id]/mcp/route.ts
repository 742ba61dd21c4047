import { appOrigin } from '@/lib/auth/oauth/app-origin';
import { protectedResourceMetadata } from '@/lib/auth/oauth/metadata';

export const dynamic = 'force-dynamic';

/**
 * Protected Resource Metadata (RFC 9728) of an agent's MCP endpoint, at the path form for a
 * resource with a path. Public and the same for any id, so it tells no one which agents exist.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return Response.json(protectedResourceMetadata(appOrigin(request), id), { headers: { 'cache-control': 'public, max-age=300' } });
}
