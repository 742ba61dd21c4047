import { queryOptions } from '@tanstack/react-query';
import type { ApiToken } from '@/lib/auth/api-token';
import type { AppUser } from '@/lib/auth/app-user';
import type { Role, TokenScope } from '@/lib/auth/permissions';
import type { SessionSummary } from '@/lib/auth/sessions';
import { apiFetch } from './api-fetch';

/** Every user, by email (admins). */
export const usersQueryOptions = queryOptions({
  queryKey: ['users'],
  queryFn: async () => (await apiFetch<{ users: AppUser[] }>('/api/v1/users')).data.users,
});

/** Creates a user; throws `ApiProblem` (409 for a taken email, 400 with field errors). */
export async function createUser(input: { email: string; name?: string; role: Role; password: string }): Promise<AppUser> {
  return (await apiFetch<AppUser>('/api/v1/users', { method: 'POST', body: input })).data;
}

/** Changes a user's role or disables them, at the version the admin saw. */
export async function updateUser(user: AppUser, changes: { role?: Role; disabled?: boolean }): Promise<AppUser> {
  return (await apiFetch<AppUser>(`/api/v1/users/${encodeURIComponent(user.id)}`, { method: 'PATCH', body: changes, ifMatch: user.version })).data;
}

/** Ends every session of a user at once (admins); how many ended. */
export async function endUserSessions(user: AppUser): Promise<number> {
  return (await apiFetch<{ ended: number }>(`/api/v1/users/${encodeURIComponent(user.id)}/sessions`, { method: 'DELETE' })).data.ended;
}

/** Every API token, newest first (admins). */
export const tokensQueryOptions = queryOptions({
  queryKey: ['tokens'],
  queryFn: async () => (await apiFetch<{ tokens: ApiToken[] }>('/api/v1/tokens')).data.tokens,
});

/** Creates a token; the answer carries its secret, this once. `agents`: `"all"` or agent ids. */
export async function createToken(input: { name: string; scopes: TokenScope[]; agents: 'all' | string[]; expiresAt?: string }): Promise<{ token: ApiToken; secret: string }> {
  return (await apiFetch<{ token: ApiToken; secret: string }>('/api/v1/tokens', { method: 'POST', body: input })).data;
}

/** Narrows the agents a token reaches (never widens them); throws `ApiProblem`. */
export async function narrowToken(id: string, agents: 'all' | string[]): Promise<ApiToken> {
  return (await apiFetch<ApiToken>(`/api/v1/tokens/${encodeURIComponent(id)}`, { method: 'PATCH', body: { agents } })).data;
}

/** Revokes a token. */
export async function revokeToken(id: string): Promise<ApiToken> {
  return (await apiFetch<ApiToken>(`/api/v1/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

/** The signed-in user's own sessions. */
export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'],
  queryFn: async () => (await apiFetch<{ sessions: SessionSummary[] }>('/api/v1/sessions')).data.sessions,
});

/** Ends one of the signed-in user's own sessions. */
export async function endSession(id: string): Promise<void> {
  await apiFetch(`/api/v1/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Changes the signed-in user's own password; how many of their other sessions ended. Throws `ApiProblem` (400 with field errors). */
export async function changeOwnPassword(input: { currentPassword: string; newPassword: string }): Promise<number> {
  return (await apiFetch<{ otherSessionsEnded: number }>('/api/v1/me/password', { method: 'POST', body: input })).data.otherSessionsEnded;
}
