import type { AgentStatusFilter } from '@/lib/agents/agent';
import { STATUS_FILTER_TEXT } from './agent-status-select';
import { plural } from './plural';

interface AgentsStatusProps {
  count: number;
  search: string;
  status: AgentStatusFilter | '';
  isSearching: boolean;
}

/** How many agents the list shows, announced to screen readers as it changes. */
export function AgentsStatus({ count, search, status, isSearching }: AgentsStatusProps) {
  const which = status === '' ? '' : ` ${STATUS_FILTER_TEXT[status]}`;
  let message = count === 0 ? `No agents${which}.` : `${plural(count, 'agent')}${which}.`;
  if (isSearching) message = 'Searching…';
  else if (search !== '') message = `${count === 0 ? 'No agents' : plural(count, 'agent')}${which} ${count === 1 ? 'matches' : 'match'} “${search}”.`;
  return (
    <p role="status" className="mb-3 min-h-6 text-sm text-muted-foreground wrap-anywhere">
      {message}
    </p>
  );
}
