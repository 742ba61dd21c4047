import type { Metadata } from 'next';
import { requirePageActor } from '@/lib/auth/page-actor';
import { ConfigImport } from '@/components/config/config-import';
import { PageHeader } from '@/components/layout/page-header';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Configuration' };

export default async function ConfigPage() {
  await requirePageActor();
  return (
    <>
      <PageHeader title="Configuration as code" description="Export what admins configure as one file; import a file after reviewing its plan." />
      <ConfigImport />
    </>
  );
}
