import type { Metadata } from 'next';
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { listAgents } from '@/lib/agents';
import { requirePageActor } from '@/lib/auth/page-actor';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { getDb } from '@/lib/db';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { AgentsView } from '@/components/agents/agents-view';

// Agents live in the database and change at any time; never rendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Agents' };

interface AgentsPageProps {
  searchParams: Promise<{ q?: string | string[] }>;
}

export default async function AgentsPage({ searchParams }: AgentsPageProps) {
  const actor = await requirePageActor();
  const { q } = await searchParams;
  const search = (Array.isArray(q) ? q[0] : q)?.trim() ?? '';
  const queryClient = makeServerQueryClient();
  // The same read the API route makes, without an HTTP round trip to ourselves. A failure is
  // not thrown here: the browser then loads the list itself and shows the error with a Retry.
  await queryClient.prefetchQuery({
    ...agentListQueryOptions(search),
    queryFn: async () => listAgents({ db: await getDb(), actor, search: search || undefined }),
  });
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Agents</h1>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AgentsView />
      </HydrationBoundary>
    </>
  );
}
