import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditEvent, AuditFilters } from '@/lib/audit/audit-event';
import { apiFetch } from './api-fetch';

/** One page of `GET /api/v1/audit`. */
export interface AuditPage {
  events: AuditEvent[];
  nextCursor?: string;
}

/** Events per page on the /audit page. */
export const AUDIT_PAGE_SIZE = 50;

/** The filter names, as the page's URL and the API's query both spell them. */
export const AUDIT_FILTER_NAMES = ['actor', 'agent', 'tool', 'action', 'from', 'to'] as const;

/** The API query for `filters` (empty ones left out), with `extra` parameters after them. */
export function auditQueryString(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

/** The audit log matching `filters`, newest first, a page at a time ("Load more" asks for the next). */
export function auditLogQueryOptions(filters: AuditFilters) {
  const query = auditQueryString(filters);
  return infiniteQueryOptions({
    queryKey: ['audit', query],
    queryFn: async ({ pageParam }) => {
      const search = auditQueryString(filters, { limit: String(AUDIT_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) });
      return (await apiFetch<AuditPage>(`/api/v1/audit?${search}`)).data;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The URL that downloads every event matching `filters` as JSON lines. */
export function auditExportUrl(filters: AuditFilters): string {
  return `/api/v1/audit?${auditQueryString(filters, { format: 'jsonl' })}`;
}

/** The non-empty filters, trimmed. */
export function toAuditFilters(values: Partial<Record<(typeof AUDIT_FILTER_NAMES)[number], string>>): AuditFilters {
  return Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, value?.trim() ?? ''])
      .filter(([, value]) => value !== ''),
  ) as AuditFilters;
}

/** An actor of the audit log, as the actor picker offers it. */
export interface AuditActorOption {
  id: string;
  name: string;
}

/** The actors whose id or name contains `search`, for the actor picker. */
export function auditActorsQueryOptions(search: string) {
  return {
    queryKey: ['audit-actors', search] as const,
    queryFn: async () => (await apiFetch<{ actors: AuditActorOption[] }>(`/api/v1/audit/actors?${new URLSearchParams({ q: search })}`)).data.actors,
    staleTime: 30_000,
  };
}
