export default function Loading() {
  return (
    <div role="status" aria-label="Loading the agent" className="animate-pulse">
      <div className="mb-2 h-8 w-64 rounded bg-slate-200" />
      <div className="mb-6 h-4 w-40 rounded bg-slate-100" />
      {[0, 1, 2].map((row) => (
        <div key={row} className="mb-2 h-16 rounded-md border border-slate-200 bg-slate-50" />
      ))}
    </div>
  );
}
