import 'server-only';
import { EffectiveToolsQuerySchema } from '@/lib/api/runtime-schemas';
import { etagOf, matchesIfNoneMatch } from '@/lib/catalogue/etag';
import type { ApiContext } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/query';
import { effectiveToolsBody } from './effective-tools-body';
import { listEffectiveTools } from './list-effective-tools';

/**
 * `GET /api/v1/agents/{id}/effective-tools?format=…`: the agent's effective tools in one format,
 * with an ETag of the body and 304 to a matching If-None-Match.
 */
export async function effectiveToolsResponse(request: Request, agentId: string, { actor, db, registry }: ApiContext): Promise<Response> {
  const format = readQuery(request, EffectiveToolsQuerySchema).format ?? 'openai';
  const set = await listEffectiveTools({ db, registry, actor, agentId });
  const body = JSON.stringify(effectiveToolsBody(agentId, set, format));
  const etag = etagOf(body);
  const headers = { etag, 'cache-control': 'no-cache' };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
