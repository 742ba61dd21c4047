/** Placeholder rows while the audit log loads. */
export function AuditSkeleton() {
  return (
    <div role="status" aria-label="Loading the audit log" className="animate-pulse space-y-2">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="h-12 rounded-lg bg-muted" />
      ))}
    </div>
  );
}
