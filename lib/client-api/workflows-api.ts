import { queryOptions } from '@tanstack/react-query';
import type { Workflow, WorkflowDefinition } from '@/lib/workflows/workflow';
import type { WorkflowRun } from '@/lib/workflows/run-workflow-types';
import { apiFetch } from './api-fetch';

/** Every stored workflow, by name. */
export const workflowsQueryOptions = queryOptions({
  queryKey: ['workflows'],
  queryFn: async () => (await apiFetch<{ workflows: Workflow[] }>('/api/v1/workflows')).data.workflows,
});

/** Stores a new workflow, or replaces the version the admin edited. */
export async function saveWorkflow(definition: WorkflowDefinition, version?: number): Promise<Workflow> {
  if (version === undefined) return (await apiFetch<Workflow>('/api/v1/workflows', { method: 'POST', body: definition })).data;
  return (await apiFetch<Workflow>(`/api/v1/workflows/${encodeURIComponent(definition.name)}`, { method: 'PUT', body: definition, ifMatch: version })).data;
}

/** Deletes a workflow at the version the admin saw. */
export async function deleteWorkflow(name: string, version: number): Promise<void> {
  await apiFetch<undefined>(`/api/v1/workflows/${encodeURIComponent(name)}`, { method: 'DELETE', ifMatch: version });
}

/** Runs the workflow on screen (saved or not) and answers each step's arguments and result. */
export async function dryRunWorkflow(workflow: WorkflowDefinition, args: Record<string, unknown>, agentId?: string): Promise<WorkflowRun> {
  return (await apiFetch<WorkflowRun>('/api/v1/workflows/dry-run', { method: 'POST', body: { workflow, arguments: args, ...(agentId ? { agentId } : {}) } })).data;
}
