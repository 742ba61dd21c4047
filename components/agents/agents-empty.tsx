import { useCan } from '@/components/auth/permissions-context';
import { Bot, CircleCheck, SearchX } from 'lucide-react';
import type { AgentStatusFilter } from '@/lib/agents/agent';
import { STATUS_FILTER_TEXT } from './agent-status-select';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

interface AgentsEmptyProps {
  /** The search that found nothing; empty when there are no agents at all. */
  search: string;
  /** The status filter that found nothing; empty for none. */
  status: AgentStatusFilter | '';
  onCreate: () => void;
  onClearSearch: () => void;
}

/** What the page shows instead of a list: no agents yet, or none matching the search. */
export function AgentsEmpty({ search, status, onCreate, onClearSearch }: AgentsEmptyProps) {
  const canWrite = useCan('agents:write');
  if (status !== '') {
    return (
      <EmptyState icon={CircleCheck} headingLevel={2} title={`No agents ${STATUS_FILTER_TEXT[status]}${search ? ` match “${search}”` : ''}`} action={<Button onClick={onClearSearch}>Show all agents</Button>}>
        Every assignment of the agents shown here is fine by this measure.
      </EmptyState>
    );
  }
  if (search === '') {
    return (
      <EmptyState
        icon={Bot}
        headingLevel={2}
        title="No agents yet"
        action={
          canWrite && (
            <Button variant="primary" onClick={onCreate}>
              Create an agent
            </Button>
          )
        }
      >
        An agent is a set of tools, each with its own settings. {canWrite ? 'Create one to start assigning tools.' : 'An editor or admin creates them.'}
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={SearchX} headingLevel={2} title={`No agents match “${search}”`} action={<Button onClick={onClearSearch}>Clear search</Button>}>
      The search looks in each agent&apos;s name, ID and description.
    </EmptyState>
  );
}
