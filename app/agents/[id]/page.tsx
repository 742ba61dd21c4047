import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/layout/page-header';
import { notFound } from 'next/navigation';
import { AgentDetail } from '@/components/agent-detail/agent-detail';
import { ThrottleNotice } from '@/components/agent-detail/throttle-notice';
import { AppError } from '@/lib/app-error';
import { agentTitle, prefetchAgentPage } from '@/lib/agent-page/prefetch-agent-page';
import { publicUrl } from '@/lib/auth/public-url';
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
  let name = id;
  try {
    name = (await prefetchAgentPage(queryClient, id)).name;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
  return (
    <>
      <Breadcrumbs items={[{ label: 'Agents', href: '/agents' }, { label: name }]} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ThrottleNotice agentId={id} />
        <AgentDetail agentId={id} publicOrigin={publicUrl().origin} />
      </HydrationBoundary>
    </>
  );
}
