import { AuditSkeleton } from '@/components/audit/audit-skeleton';

export default function Loading() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Audit log</h1>
      <AuditSkeleton />
    </>
  );
}
