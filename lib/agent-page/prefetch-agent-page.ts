import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import { cache } from 'react';
import { getAgent, type Agent } from '@/lib/agents';
import { AppError } from '@/lib/app-error';
import { requirePageActor } from '@/lib/auth/page-actor';
import { listAssignments } from '@/lib/assignments';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { toCatalogueSummary } from '@/lib/catalogue/tool-summary';
import { agentQueryOptions } from '@/lib/client-api/agents-api';
import { assignmentsQueryOptions, toolEntryQueryOptions } from '@/lib/client-api/assignments-api';
import { getDb } from '@/lib/db/get-db';
import { getToolRegistry } from '@/lib/registry-host';

// The page's title and its body both need the agent: one read per request serves both.
const readAgent = cache(async (agentId: string): Promise<Agent> => getAgent({ db: await getDb(), actor: await requirePageActor(), id: agentId }));

/**
 * Fills the query cache the agent page reads: the agent, its assignments, the catalogue for the
 * picker and the catalogue entry (schemas) of each assigned tool, read from `lib/` directly as
 * the signed-in user (signed out, it redirects to /sign-in). AppError `not_found` when there is no such agent.
 */
export async function prefetchAgentPage(queryClient: QueryClient, agentId: string): Promise<Agent> {
  const [db, registry] = await Promise.all([getDb(), getToolRegistry()]);
  const agent = await readAgent(agentId);
  const assignments = await listAssignments({ db, actor: await requirePageActor(), registry, agentId });
  const snapshot = registry.snapshot();
  queryClient.setQueryData(agentQueryOptions(agentId).queryKey, agent);
  queryClient.setQueryData(assignmentsQueryOptions(agentId).queryKey, assignments);
  queryClient.setQueryData(catalogueQueryOptions.queryKey, toCatalogueSummary(snapshot));
  const entries = new Map(snapshot.tools.map((entry) => [entry.name, entry]));
  for (const { toolName } of assignments) {
    const entry = entries.get(toolName);
    if (entry) queryClient.setQueryData(toolEntryQueryOptions(toolName).queryKey, entry);
  }
  return agent;
}

/** The agent page's title: the agent's name, or that there is no such agent. */
export async function agentTitle(agentId: string): Promise<string> {
  try {
    return (await readAgent(agentId)).name;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return 'Agent not found';
    throw error;
  }
}
