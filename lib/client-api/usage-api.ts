import { queryOptions } from '@tanstack/react-query';
import type { UsageBucket, UsageDimension, UsageReport } from '@/lib/usage/usage-stats';
import { apiFetch } from './api-fetch';

export type { UsageReport, UsagePoint, UsageStats } from '@/lib/usage/usage-stats';

/** The ranges the usage charts offer, with the bucket each is drawn in. */
export const USAGE_RANGES = {
  hour: { label: 'Last hour', ms: 3600_000, bucket: 'minute' },
  day: { label: 'Last 24 hours', ms: 86_400_000, bucket: 'hour' },
  week: { label: 'Last 7 days', ms: 7 * 86_400_000, bucket: 'day' },
  month: { label: 'Last 30 days', ms: 30 * 86_400_000, bucket: 'day' },
} as const satisfies Record<string, { label: string; ms: number; bucket: UsageBucket }>;
export type UsageRange = keyof typeof USAGE_RANGES;

/** Whose calls: one agent, tool or server, or none for every call. */
export interface UsageFilter {
  agent?: string;
  tool?: string;
  server?: string;
}

/** `GET /api/v1/usage` for `filter` over `range`, with an optional breakdown; refreshed each minute. */
export function usageQueryOptions(filter: UsageFilter, range: UsageRange, by?: UsageDimension) {
  return queryOptions({
    queryKey: ['usage', filter, range, by ?? null],
    queryFn: async ({ signal }) => {
      const { ms, bucket } = USAGE_RANGES[range];
      // The range ends at the next whole minute, so one minute's requests share a key and an answer.
      const to = Math.ceil(Date.now() / 60_000) * 60_000;
      const params = new URLSearchParams({ ...filter, from: new Date(to - ms).toISOString(), to: new Date(to).toISOString(), bucket });
      if (by) params.set('by', by);
      return (await apiFetch<UsageReport>(`/api/v1/usage?${params}`, { signal })).data;
    },
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
