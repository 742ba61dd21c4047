import { plural } from './plural';

interface AgentsStatusProps {
  count: number;
  search: string;
  isSearching: boolean;
}

/** How many agents the list shows, announced to screen readers as it changes. */
export function AgentsStatus({ count, search, isSearching }: AgentsStatusProps) {
  let message = count === 0 ? 'No agents.' : `${plural(count, 'agent')}.`;
  if (isSearching) message = 'Searching…';
  else if (search !== '') message = `${count === 0 ? 'No agents' : plural(count, 'agent')} ${count === 1 ? 'matches' : 'match'} “${search}”.`;
  return (
    <p role="status" className="mb-3 min-h-6 text-sm text-slate-600 wrap-anywhere">
      {message}
    </p>
  );
}
