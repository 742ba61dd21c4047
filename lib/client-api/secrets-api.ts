import { queryOptions } from '@tanstack/react-query';
import type { SecretSummary } from '@/lib/secrets/secret-rules';
import { apiFetch } from './api-fetch';

/** Every secret's name, who set it, when and which servers use it (admins); never a value. */
export const secretsQueryOptions = queryOptions({
  queryKey: ['secrets'],
  queryFn: async ({ signal }) => (await apiFetch<{ secrets: SecretSummary[] }>('/api/v1/secrets', { signal })).data.secrets,
});

/** Creates a secret or replaces its value; the answer never holds the value. */
export async function putSecret(name: string, value: string): Promise<{ secret: SecretSummary; isCreated: boolean }> {
  const { status, data } = await apiFetch<SecretSummary>(`/api/v1/secrets/${encodeURIComponent(name)}`, { method: 'PUT', body: { value } });
  return { secret: data, isCreated: status === 201 };
}

/** Deletes a secret (refused while a server uses it). */
export async function deleteSecret(name: string): Promise<void> {
  await apiFetch<{ name: string }>(`/api/v1/secrets/${encodeURIComponent(name)}`, { method: 'DELETE' });
}
