import { useCan } from '@/components/auth/permissions-context';

interface AgentsEmptyProps {
  /** The search that found nothing; empty when there are no agents at all. */
  search: string;
  onCreate: () => void;
  onClearSearch: () => void;
}

const button = 'rounded-md px-3 py-1.5 text-sm';

/** What the page shows instead of a list: no agents yet, or none matching the search. */
export function AgentsEmpty({ search, onCreate, onClearSearch }: AgentsEmptyProps) {
  const canWrite = useCan('agents:write');
  if (search === '') {
    return (
      <div className="rounded-md border border-dashed border-slate-300 p-8 text-center">
        <h2 className="mb-1 text-lg font-semibold">No agents yet</h2>
        <p className="mb-4 text-sm text-slate-700">
          An agent is a set of tools, each with its own settings. {canWrite ? 'Create one to start assigning tools.' : 'An editor or admin creates them.'}
        </p>
        {canWrite && (
          <button type="button" onClick={onCreate} className={`${button} bg-blue-700 text-white hover:bg-blue-800`}>
            Create an agent
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-8 text-center">
      <h2 className="mb-1 text-lg font-semibold wrap-anywhere">No agents match “{search}”</h2>
      <p className="mb-4 text-sm text-slate-700">The search looks in each agent&apos;s name, ID and description.</p>
      <button type="button" onClick={onClearSearch} className={`${button} border border-slate-400 hover:bg-slate-100`}>
        Clear search
      </button>
    </div>
  );
}
