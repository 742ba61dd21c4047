import { queryOptions } from '@tanstack/react-query';
import type { OAuthGrantSummary } from '@/lib/auth/oauth/grant-summary';
import { apiFetch } from './api-fetch';

/** The MCP clients the signed-in user connected (an admin: everyone's). */
export const grantsQueryOptions = queryOptions({
  queryKey: ['oauth-grants'],
  queryFn: async () => (await apiFetch<{ grants: OAuthGrantSummary[] }>('/api/v1/oauth/grants')).data.grants,
});

/** Revokes a connection. */
export async function revokeGrant(id: string): Promise<void> {
  await apiFetch(`/api/v1/oauth/grants/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Answers an authorization request from the consent page; where to send the browser next (back to the client). */
export async function decideAuthorization(input: { params: Record<string, string>; approve: boolean; agentIds: string[] }): Promise<string> {
  return (await apiFetch<{ redirectTo: string }>('/api/v1/oauth/authorize', { method: 'POST', body: input })).data.redirectTo;
}
