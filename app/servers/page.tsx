import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { ServersView } from '@/components/servers/servers-view';
import { requirePageActor } from '@/lib/auth/page-actor';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'MCP servers' };

export default async function ServersPage() {
  await requirePageActor();
  return (
    <>
      <PageHeader title="MCP servers" description={<p>Each server’s tools appear in the catalogue as one group named after the server, over one live connection.</p>} />
      <ServersView />
    </>
  );
}
