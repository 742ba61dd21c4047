import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Server not found' };

export default function ServerNotFound() {
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">Server not found</h1>
      <p className="text-muted-foreground">
        No MCP server has this name. It may have been removed.{' '}
        <Link href="/servers" className="text-link underline">
          Back to the servers
        </Link>
      </p>
    </div>
  );
}
