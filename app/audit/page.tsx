import type { Metadata } from 'next';
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { listAuditEvents } from '@/lib/audit';
import { requirePageActor } from '@/lib/auth/page-actor';
import { AUDIT_FILTER_NAMES, AUDIT_PAGE_SIZE, auditLogQueryOptions, toAuditFilters } from '@/lib/client-api/audit-api';
import { getDb } from '@/lib/db/get-db';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { AuditView } from '@/components/audit/audit-view';

// Events arrive at any time; never rendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Audit log' };

interface AuditPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AuditPage({ searchParams }: AuditPageProps) {
  const actor = await requirePageActor();
  const params = await searchParams;
  const filters = toAuditFilters(
    Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, [params[name]].flat()[0] ?? ''])),
  );
  const queryClient = makeServerQueryClient();
  // The same read the API makes. A failure (a malformed time in the URL, say) is not thrown
  // here: the browser then asks the API itself and shows its message with a Retry.
  await queryClient.prefetchInfiniteQuery({
    ...auditLogQueryOptions(filters),
    queryFn: async () => listAuditEvents({ db: await getDb(), actor, limit: AUDIT_PAGE_SIZE, filters }),
  });
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">Audit log</h1>
      <p className="mb-4 text-sm text-muted-foreground">Every change, newest first, with who made it and what it changed. Nothing here can be edited or deleted.</p>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AuditView />
      </HydrationBoundary>
    </>
  );
}
