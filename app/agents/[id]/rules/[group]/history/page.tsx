import type { Metadata } from 'next';
import { ObjectHistoryPage } from '@/components/history/object-history-page';
import { agentTitle } from '@/lib/agent-page/prefetch-agent-page';
import { ruleHistoryKind, ruleKey } from '@/lib/history';

// The history grows with every change: read per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string; group: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, group } = await params;
  return { title: `History of the ${group} rule of ${await agentTitle(id)}` };
}

/** An agent's group rule's versions (a removed rule's last one `deleted`): compared side by side, and restored through the rule's own edit. */
export default async function RuleHistoryPage({ params }: Props) {
  const { id, group } = await params;
  const agentHref = `/agents/${encodeURIComponent(id)}`;
  return (
    <ObjectHistoryPage
      kind={ruleHistoryKind}
      collection={`agents/${encodeURIComponent(id)}/rules`}
      objectKey={ruleKey(id, group)}
      restoreKey={group}
      objectName={group}
      parents={[{ label: 'Agents', href: '/agents' }, { label: await agentTitle(id), href: agentHref }]}
      objectHref={`${agentHref}#group-rules`}
      noun="group rule"
      restoredParts="its excluded tools (a removed rule is added again, a removal is made again)"
      missingWhat="excluded tools no provider offers now, kept as they are; a group no plugin serves"
    />
  );
}
