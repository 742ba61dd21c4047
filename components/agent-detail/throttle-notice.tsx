'use client';

import { useQuery } from '@tanstack/react-query';
import { agentCallRateQueryOptions } from '@/lib/client-api/runtime-api';

/** A notice while the agent's tool calls are being refused for passing the calls-per-minute limit; nothing otherwise. */
export function ThrottleNotice({ agentId }: { agentId: string }) {
  const { data } = useQuery(agentCallRateQueryOptions(agentId));
  if (!data?.isThrottled) return null;
  const refused = data.throttledCalls === 1 ? '1 call was' : `${data.throttledCalls} calls were`;
  return (
    <div role="status" aria-label="Calls throttled" className="mb-4 rounded-md border border-warning/40 bg-warning-muted p-3 text-sm text-warning">
      <p className="font-semibold">This agent&apos;s tool calls are being throttled.</p>
      <p>
        {refused} refused (429) in the last two minutes: more than {data.limitPerMinute} calls a minute from one token or to this agent
        (RUNTIME_RATE_PER_MINUTE). Callers may retry after the minute ends.
      </p>
    </div>
  );
}
