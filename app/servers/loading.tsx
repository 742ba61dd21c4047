import { Skeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">MCP servers</h1>
      <div aria-label="Loading servers" className="flex flex-col gap-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </>
  );
}
