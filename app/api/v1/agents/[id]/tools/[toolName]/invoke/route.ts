import { apiRoute } from '@/lib/http/api-route';
import { invokeResponse } from '@/lib/runtime/invoke-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Calls one of the agent's tools as the agent. */
export const POST = apiRoute<{ id: string; toolName: string }>({ permission: 'runtime' }, (request, { id, toolName }, actor) => invokeResponse(request, id, toolName, actor));

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
