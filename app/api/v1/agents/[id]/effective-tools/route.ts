import { apiRoute } from '@/lib/http/api-route';
import { effectiveToolsResponse } from '@/lib/runtime/effective-tools-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** What the agent's model receives, in OpenAI, Anthropic or MCP form; for `runtime` or `agents:read`. */
export const GET = apiRoute<{ id: string }>({ permission: 'signed-in' }, (request, { id }, context) => effectiveToolsResponse(request, id, context));

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
