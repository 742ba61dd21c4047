import type { AssignmentStatus } from '@/lib/assignments/assignment';

const badges: Record<AssignmentStatus | 'draft', { text: string; className: string }> = {
  ok: { text: 'OK', className: 'bg-green-100 text-green-900' },
  unavailable: { text: 'Unavailable', className: 'bg-amber-100 text-amber-950' },
  missing: { text: 'Missing', className: 'bg-red-100 text-red-900' },
  invalid: { text: 'Invalid settings', className: 'bg-red-100 text-red-900' },
  draft: { text: 'Not saved yet', className: 'bg-blue-100 text-blue-900' },
};

/** An assignment's status as a small labelled badge. */
export function StatusBadge({ status }: { status: AssignmentStatus | 'draft' }) {
  const { text, className } = badges[status];
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${className}`}>{text}</span>;
}
