import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Tool not found' };

export default function ToolNotFound() {
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">Tool not found</h1>
      <p className="text-slate-600">
        No tool of the catalogue has this name. It may have been renamed, or its plugin removed.{' '}
        <Link href="/" className="text-blue-800 underline">
          Back to the catalogue
        </Link>
      </p>
    </div>
  );
}
