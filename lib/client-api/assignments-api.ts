import { queryOptions } from '@tanstack/react-query';
import type { AssignmentView } from '@/lib/assignments/assignment';
import type { CatalogueEntry } from '@/registry/catalogue';
import { agentPath } from './agents-api';
import { apiFetch } from './api-fetch';

/** The tools assigned to an agent, each with its status, sorted by group then name. */
export function assignmentsQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: ['agents', 'tools', agentId],
    queryFn: async () => (await apiFetch<{ assignments: AssignmentView[] }>(`${agentPath(agentId)}/tools`)).data.assignments,
  });
}

/** One catalogue entry with its schemas; the overrides form is generated from it. */
export function toolEntryQueryOptions(toolName: string) {
  return queryOptions({
    queryKey: ['catalogue', 'tool', toolName],
    queryFn: async () => (await apiFetch<CatalogueEntry>(`/api/v1/tools/${encodeURIComponent(toolName)}`)).data,
    staleTime: 30_000,
  });
}

/**
 * Saves an assignment's overrides: creates it when `version` is undefined, otherwise replaces
 * the version the admin edited (412 with `current` when someone saved in between).
 */
export async function putAssignment(agentId: string, toolName: string, overrides: Record<string, unknown>, version?: number): Promise<AssignmentView> {
  return (await apiFetch<AssignmentView>(assignmentPath(agentId, toolName), { method: 'PUT', body: { overrides }, ifMatch: version })).data;
}

/** Removes a tool from an agent, at the version the admin saw. */
export async function deleteAssignment(agentId: string, toolName: string, version: number): Promise<void> {
  await apiFetch<undefined>(assignmentPath(agentId, toolName), { method: 'DELETE', ifMatch: version });
}

/** The API path of one assignment. */
export function assignmentPath(agentId: string, toolName: string): string {
  return `${agentPath(agentId)}/tools/${encodeURIComponent(toolName)}`;
}
