import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Tool not found' };

export default function ToolNotFound() {
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">Tool not found</h1>
      <p className="text-muted-foreground">
        No tool of the catalogue has this name. It may have been renamed, or its plugin removed.{' '}
        <Link href="/" className="text-link underline">
          Back to the catalogue
        </Link>
      </p>
    </div>
  );
}
