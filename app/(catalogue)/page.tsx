import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { requirePageActor } from '@/lib/auth/page-actor';
import { CATALOGUE_SUMMARY_URL, catalogueFirstScreenQueryOptions } from '@/lib/catalogue/catalogue-query';
import { earlySummaryScript } from '@/lib/client/early-summary';
import { requestNonce } from '@/lib/http/request-nonce';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { readFirstScreen, type FilterParams } from '@/lib/catalogue/read-first-screen';
import { CatalogueView } from '@/components/catalogue/catalogue-view';
import { PageHeader } from '@/components/layout/page-header';
import { listAgents } from '@/lib/agents';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { getDb } from '@/lib/db/get-db';
import { getToolRegistry } from '@/lib/registry-host';

// The catalogue is read from the live registry on every request, never at build time.
export const dynamic = 'force-dynamic';

interface CataloguePageProps {
  searchParams: Promise<FilterParams>;
}

export default async function CataloguePage({ searchParams }: CataloguePageProps) {
  const actor = await requirePageActor();
  const queryClient = makeServerQueryClient();
  const params = await searchParams;
  // Only the first screen of rows goes into the HTML, so its size does not grow with the
  // catalogue; the browser fetches the whole summary (gzipped, ETagged), asked for by the
  // inline script below as soon as the HTML is read.
  await Promise.all([
    queryClient.prefetchQuery({ ...catalogueFirstScreenQueryOptions, queryFn: () => readFirstScreen(actor, params) }),
    // The summary strip's agents needing attention; a failure is left to the browser's own fetch.
    ...(['attention', 'changed'] as const).map((status) =>
      queryClient.prefetchQuery({
        ...agentListQueryOptions('', status),
        queryFn: async () => listAgents({ db: await getDb(), actor, registry: await getToolRegistry(), status }),
      }),
    ),
  ]);
  const nonce = requestNonce(await headers());
  return (
    <>
      {/* Starts the whole summary's download now, beside the page's scripts (lib/client/early-summary.ts). */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: earlySummaryScript(CATALOGUE_SUMMARY_URL) }} />
      <PageHeader title="Tool catalogue" />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CatalogueView />
      </HydrationBoundary>
    </>
  );
}
