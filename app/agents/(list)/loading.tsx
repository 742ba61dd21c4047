import { AgentsSkeleton } from '@/components/agents/agents-skeleton';

export default function Loading() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Agents</h1>
      <AgentsSkeleton />
    </>
  );
}
