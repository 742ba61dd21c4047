import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the catalogue loads. */
export function CatalogueSkeleton() {
  return (
    <div role="status" aria-label="Loading the catalogue" className="space-y-3">
      <Skeleton className="h-10" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-16 opacity-70" />
      ))}
    </div>
  );
}
