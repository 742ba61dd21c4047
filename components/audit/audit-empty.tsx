import { Button } from '@/components/ui/button';

/** What the page shows instead of events: none recorded yet, or none matching the filters. */
export function AuditEmpty({ hasFilters, onClearFilters }: { hasFilters: boolean; onClearFilters: () => void }) {
  return (
    <div className="rounded-md border border-dashed border-border p-8 text-center">
      {hasFilters ? (
        <>
          <h2 className="mb-1 text-lg font-semibold">No events match these filters</h2>
          <p className="mb-4 text-sm text-muted-foreground">Filters match whole ids and names; times are in UTC.</p>
          <Button size="sm" onClick={onClearFilters}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <h2 className="mb-1 text-lg font-semibold">No events yet</h2>
          <p className="text-sm text-muted-foreground">Every change to an agent, its tools or a todo list is recorded here, with who made it.</p>
        </>
      )}
    </div>
  );
}
