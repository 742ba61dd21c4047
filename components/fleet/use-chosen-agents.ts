import { useState } from 'react';

/** The agents ticked in a fleet list: the set, its ids in order of choosing, and ways to change it. */
export interface ChosenAgents {
  chosen: ReadonlySet<string>;
  ids: string[];
  toggle: (agentId: string, isOn: boolean) => void;
  clear: () => void;
}

/** Which agents are ticked, as the tool's users list and the add-to-agents dialog both keep it. */
export function useChosenAgents(): ChosenAgents {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (agentId: string, isOn: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (isOn) next.add(agentId);
      else next.delete(agentId);
      return next;
    });
  return { chosen, ids: [...chosen], toggle, clear: () => setChosen(new Set()) };
}
