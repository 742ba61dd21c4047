import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the agents load. */
export function AgentsSkeleton() {
  return (
    <div role="status" aria-label="Loading the agents" className="space-y-3">
      <Skeleton className="h-10" />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-16 opacity-70" />
      ))}
    </div>
  );
}
