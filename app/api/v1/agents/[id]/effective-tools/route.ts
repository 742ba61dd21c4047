import { apiRoute } from '@/lib/http/api-route';
import { effectiveToolsResponse } from '@/lib/runtime/effective-tools-response';

export const dynamic = 'force-dynamic';

/** What the agent's model receives, in OpenAI, Anthropic or MCP form. */
export const GET = apiRoute<{ id: string }>((request, { id }) => effectiveToolsResponse(request, id));
