import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AgentDetail } from '@/components/agent-detail/agent-detail';
import { AppError } from '@/lib/app-error';
import { agentTitle, prefetchAgentPage } from '@/lib/agent-page/prefetch-agent-page';
import { makeServerQueryClient } from '@/lib/query/query-clients';

// Assignments and their statuses are read from the database and the live registry per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: await agentTitle((await params).id) };
}

export default async function AgentPage({ params }: Props) {
  // Next decodes the segment; an agent id is a slug, so there is nothing more to decode.
  const { id } = await params;
  const queryClient = makeServerQueryClient();
  try {
    await prefetchAgentPage(queryClient, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link href="/agents" className="text-blue-800 hover:underline">
          Agents
        </Link>
      </nav>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AgentDetail agentId={id} />
      </HydrationBoundary>
    </>
  );
}
