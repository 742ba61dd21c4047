import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { invokeResponse } from '@/lib/runtime/invoke-response';

export const dynamic = 'force-dynamic';

/** Calls one of the agent's tools as the agent. */
export const POST = apiRoute<{ id: string; toolName: string }>({ permission: 'runtime' }, (request, { id, toolName }, context) =>
  invokeResponse(request, id, toolName, context),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
