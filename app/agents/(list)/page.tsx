import type { Metadata } from 'next';
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { pageAgents } from '@/lib/agents';
import { requirePageActor } from '@/lib/auth/page-actor';
import { AGENT_PAGE_SIZE, agentPageQueryOptions, toAgentStatusFilter, toPage } from '@/lib/client-api/agents-api';
import { getToolRegistry } from '@/lib/registry-host';
import { getDb } from '@/lib/db/get-db';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { AgentsView } from '@/components/agents/agents-view';
import { PageHeader } from '@/components/layout/page-header';

// Agents live in the database and change at any time; never rendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Agents' };

interface AgentsPageProps {
  searchParams: Promise<{ q?: string | string[]; status?: string | string[]; page?: string | string[] }>;
}

export default async function AgentsPage({ searchParams }: AgentsPageProps) {
  const actor = await requirePageActor();
  const { q, status: statusParam, page: pageParam } = await searchParams;
  const search = (Array.isArray(q) ? q[0] : q)?.trim() ?? '';
  const status = toAgentStatusFilter(Array.isArray(statusParam) ? statusParam[0] : statusParam);
  const page = toPage(Array.isArray(pageParam) ? pageParam[0] : pageParam);
  const queryClient = makeServerQueryClient();
  // The same read the API route makes, without an HTTP round trip to ourselves. A failure is
  // not thrown here: the browser then loads the list itself and shows the error with a Retry.
  await queryClient.prefetchQuery({
    ...agentPageQueryOptions(search, status, page),
    queryFn: async () =>
      pageAgents({ db: await getDb(), actor, registry: await getToolRegistry(), search: search || undefined, status: status || undefined, limit: AGENT_PAGE_SIZE, offset: page * AGENT_PAGE_SIZE }),
  });
  return (
    <>
      <PageHeader title="Agents" description="Each agent is a set of tools with their settings." />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AgentsView />
      </HydrationBoundary>
    </>
  );
}
