'use client';

import { useQuery } from '@tanstack/react-query';
import { useCan } from '@/components/auth/permissions-context';
import { usageQueryOptions } from '@/lib/client-api/usage-api';
import { Sparkline } from './sparkline';

/**
 * An agent's or tool's calls per day over the last 7 days, from one usage breakdown that every
 * row of the list shares (one request for the whole list). Nothing while it loads or for a
 * caller who may not read usage.
 */
export function UsageSparkline({ by, id }: { by: 'agent' | 'tool'; id: string }) {
  const canRead = useCan('agents:read');
  const { data } = useQuery({ ...usageQueryOptions({}, 'week', by), enabled: canRead });
  if (!data) return null;
  const values = data.groups?.find((group) => group.key === id)?.callsSeries ?? data.series.map(() => 0);
  return <Sparkline values={values} label={`Calls of ${id} in the last 7 days`} />;
}
