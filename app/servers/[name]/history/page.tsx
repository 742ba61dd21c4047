import type { Metadata } from 'next';
import { ObjectHistoryPage } from '@/components/history/object-history-page';
import { serverHistoryKind } from '@/lib/history';

// The history grows with every change: read per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `History of MCP server ${(await params).name}` };
}

/** An MCP server's versions: compared side by side, and restored through the checks of an edit. */
export default async function ServerHistoryPage({ params }: Props) {
  const { name } = await params;
  return (
    <ObjectHistoryPage
      kind={serverHistoryKind}
      collection="servers"
      objectKey={name}
      parents={[{ label: 'MCP servers', href: '/servers' }]}
      objectHref={`/servers/${encodeURIComponent(name)}`}
      noun="server"
      restoredParts="its transport, URL or command, headers or environment (secrets as references) and whether it is enabled"
      missingWhat="secrets"
    />
  );
}
