import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Agent not found' };

export default function AgentNotFound() {
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">Agent not found</h1>
      <p className="text-muted-foreground">
        There is no agent with this id. It may have been deleted.{' '}
        <Link href="/agents" className="text-link underline">
          Back to the agents
        </Link>
      </p>
    </div>
  );
}
