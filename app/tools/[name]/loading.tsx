export default function Loading() {
  return (
    <div role="status" aria-label="Loading the tool" className="animate-pulse space-y-4">
      <div className="h-8 w-1/2 rounded bg-slate-200" />
      <div className="h-4 w-3/4 rounded bg-slate-100" />
      <div className="h-32 rounded-md bg-slate-100" />
    </div>
  );
}
