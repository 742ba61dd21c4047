import type { Metadata } from 'next';
import { ObjectHistoryPage } from '@/components/history/object-history-page';
import { workflowHistoryKind } from '@/lib/history';

// The history grows with every change: read per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `History of workflow ${(await params).name}` };
}

/** A workflow's versions: compared side by side, and restored through the checks of an edit. */
export default async function WorkflowHistoryPage({ params }: Props) {
  const { name } = await params;
  return (
    <ObjectHistoryPage
      kind={workflowHistoryKind}
      collection="workflows"
      objectKey={name}
      parents={[{ label: 'Workflows', href: '/workflows' }]}
      noun="workflow"
      restoredParts="its description, inputs, steps and output"
      missingWhat="tools"
    />
  );
}
