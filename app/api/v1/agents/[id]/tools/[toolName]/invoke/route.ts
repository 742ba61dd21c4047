import { invokeRoute } from '@/lib/runtime/invoke-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Calls one of the agent's tools as the agent (the front door serves it too: lib/runtime/invoke-route.ts). */
export const POST = invokeRoute;

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
