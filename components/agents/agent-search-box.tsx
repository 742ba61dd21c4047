import { useId } from 'react';
import { Input } from '@/components/ui/input';

interface AgentSearchBoxProps {
  query: string;
  onQueryChange: (query: string) => void;
}

/** The labelled search box above the agents list. */
export function AgentSearchBox({ query, onQueryChange }: AgentSearchBoxProps) {
  const id = useId();
  return (
    <form role="search" aria-label="Agents" className="flex flex-1 flex-col gap-1" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="text-sm font-medium">
        Search agents
      </label>
      <Input
        id={id}
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder="Name, ID or description"
        autoComplete="off"
        spellCheck={false}
        className="py-2"
      />
    </form>
  );
}
