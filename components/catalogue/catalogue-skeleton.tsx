/** Placeholder rows while the catalogue loads. */
export function CatalogueSkeleton() {
  return (
    <div role="status" aria-label="Loading the catalogue" className="animate-pulse space-y-3">
      <div className="h-10 rounded-md bg-slate-200" />
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="h-16 rounded-md bg-slate-100" />
      ))}
    </div>
  );
}
