import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/page-header';
import { AgentHistoryView } from '@/components/history/agent-history-view';
import { getAgent } from '@/lib/agents';
import { AppError } from '@/lib/app-error';
import { agentTitle } from '@/lib/agent-page/prefetch-agent-page';
import { requirePageActor } from '@/lib/auth/page-actor';
import { getDb } from '@/lib/db/get-db';
import { readAgentVersions } from '@/lib/history';
import { getToolRegistry } from '@/lib/registry-host';

// The history grows with every change and the registry's tools come and go: read per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `History of ${await agentTitle((await params).id)}` };
}

/** The agent, its versions and the settings schemas of the tools they name; `not_found` for an unknown agent. */
async function readHistory(id: string) {
  const [db, registry, actor] = await Promise.all([getDb(), getToolRegistry(), requirePageActor()]);
  const agent = await getAgent({ db, actor, id });
  const versions = await readAgentVersions({ db, actor, registry, id });
  const used = new Set(versions.flatMap((version) => Object.keys(version.agent.tools)));
  const schemas = Object.fromEntries(registry.snapshot().tools.filter((entry) => used.has(entry.name)).map((entry) => [entry.name, entry.overridesSchema as Record<string, unknown>]));
  return { agent, versions, schemas };
}

export default async function AgentHistoryPage({ params }: Props) {
  const { id } = await params;
  const history = await readHistory(id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  });
  const { agent, versions, schemas } = history;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Agents', href: '/agents' }, { label: agent.name, href: `/agents/${id}` }, { label: 'History' }]} />
      <h1 className="mb-1 text-2xl font-semibold wrap-anywhere">
        History of <bdi>{agent.name}</bdi>
      </h1>
      <p className="mb-6 text-sm text-muted-foreground">Every recorded change to this agent, its tools and its group rules, built from the audit log. Restoring a version makes a new change; nothing here is lost.</p>
      <AgentHistoryView agentId={id} agentName={agent.name} versions={versions} schemas={schemas} />
    </>
  );
}
