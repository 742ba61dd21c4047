import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { requirePageActor } from '@/lib/auth/page-actor';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { readCatalogueSummary } from '@/lib/catalogue/read-catalogue';
import { CatalogueView } from '@/components/catalogue/catalogue-view';
import { PageHeader } from '@/components/layout/page-header';
import { listAgents } from '@/lib/agents';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { getDb } from '@/lib/db';
import { getToolRegistry } from '@/lib/registry-host';

// The catalogue is read from the live registry on every request, never at build time.
export const dynamic = 'force-dynamic';

export default async function CataloguePage() {
  const actor = await requirePageActor();
  const queryClient = makeServerQueryClient();
  // The same read the API route makes, without an HTTP round trip to ourselves.
  await Promise.all([
    queryClient.prefetchQuery({ ...catalogueQueryOptions, queryFn: () => readCatalogueSummary(actor) }),
    // The summary strip's agents needing attention; a failure is left to the browser's own fetch.
    queryClient.prefetchQuery({
      ...agentListQueryOptions('', 'attention'),
      queryFn: async () => listAgents({ db: await getDb(), actor, registry: await getToolRegistry(), status: 'attention' }),
    }),
  ]);
  return (
    <>
      <PageHeader title="Tool catalogue" />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CatalogueView />
      </HydrationBoundary>
    </>
  );
}
