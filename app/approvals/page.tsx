import type { Metadata } from 'next';
import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { can } from '@/lib/auth/actor';
import { requirePageActor } from '@/lib/auth/page-actor';
import { approvalsQueryOptions } from '@/lib/client-api/approvals-api';
import { getDb } from '@/lib/db/get-db';
import { countPendingApprovals, listApprovals } from '@/lib/policy/list-approvals';
import { makeServerQueryClient } from '@/lib/query/query-clients';
import { ApprovalsView } from '@/components/approvals/approvals-view';

// Calls are held at any time; never rendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Approvals' };

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor();
  const selected = [(await searchParams).id].flat()[0];
  if (!can(actor, 'approvals:decide')) {
    return (
      <>
        <h1 className="mb-1 text-2xl font-semibold">Approvals</h1>
        <p className="text-sm text-muted-foreground">Only editors and admins approve or deny held tool calls.</p>
      </>
    );
  }
  const db = await getDb();
  const queryClient = makeServerQueryClient();
  for (const view of ['pending', 'recent'] as const) {
    await queryClient.prefetchQuery({
      ...approvalsQueryOptions(view),
      queryFn: async () => ({ approvals: await listApprovals({ db, actor, view }), pendingCount: await countPendingApprovals({ db, actor }) }),
    });
  }
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">Approvals</h1>
      <p className="mb-4 text-sm text-muted-foreground">
        Tool calls held by their call policy until a person decides. Approving lets exactly that call, with exactly these arguments, run once.
      </p>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ApprovalsView selectedId={selected} />
      </HydrationBoundary>
    </>
  );
}
