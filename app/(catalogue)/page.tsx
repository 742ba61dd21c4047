import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { requirePageActor } from '@/lib/auth/page-actor';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { readCatalogueSummary } from '@/lib/catalogue/read-catalogue';
import { CatalogueView } from '@/components/catalogue/catalogue-view';

// The catalogue is read from the live registry on every request, never at build time.
export const dynamic = 'force-dynamic';

export default async function CataloguePage() {
  const actor = await requirePageActor();
  const queryClient = makeServerQueryClient();
  // The same read the API route makes, without an HTTP round trip to ourselves.
  await queryClient.prefetchQuery({ ...catalogueQueryOptions, queryFn: () => readCatalogueSummary(actor) });
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">Tool catalogue</h1>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CatalogueView />
      </HydrationBoundary>
    </>
  );
}
