import type { Metadata } from 'next';
import { WorkflowsView } from '@/components/workflows/workflows-view';
import { requirePageActor } from '@/lib/auth/page-actor';

// The stored workflows change at any time; never rendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Workflows' };

export default async function WorkflowsPage() {
  await requirePageActor();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">Workflows</h1>
      <p className="mb-4 text-sm text-muted-foreground">
        Each workflow is a tool in the catalogue group <code className="font-mono">workflow</code>: its steps call catalogue tools in order, as the calling agent would.
      </p>
      <WorkflowsView />
    </>
  );
}
