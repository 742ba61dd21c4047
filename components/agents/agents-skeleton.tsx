/** Placeholder rows while the agents load. */
export function AgentsSkeleton() {
  return (
    <div role="status" aria-label="Loading the agents" className="animate-pulse space-y-3">
      <div className="h-10 rounded-md bg-slate-200" />
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="h-16 rounded-md bg-slate-100" />
      ))}
    </div>
  );
}
