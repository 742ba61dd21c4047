import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { invokeResponse } from '@/lib/runtime/invoke-response';
import { reportDeniedToolCall } from '@/lib/runtime/record-tool-call';

export const dynamic = 'force-dynamic';

/** Calls one of the agent's tools as the agent; a refused call of an assigned tool counts as denied in its usage. */
export const POST = apiRoute<{ id: string; toolName: string }>(
  { permission: 'runtime', onDenied: ({ db, params }) => reportDeniedToolCall(db, params.id, params.toolName) },
  (request, { id, toolName }, context) => invokeResponse(request, id, toolName, context),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
