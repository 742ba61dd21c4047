import { useCallback } from 'react';
import { AUDIT_FILTER_NAMES, toAuditFilters } from '@/lib/client-api/audit-api';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { useUrlFilters, type UrlFilters } from '@/components/ui/use-url-filters';

export type AuditFilterName = (typeof AUDIT_FILTER_NAMES)[number];
export type AuditFilterValues = UrlFilters<AuditFilterName>;

// Each change of filter is a request: wait for a pause in typing.
const FILTER_DELAY_MS = 250;

/** The audit filters, kept in the URL (`/audit?actor=…&from=…`), and the values once typing pauses. */
export function useAuditFilters() {
  const [filters, setFilters] = useUrlFilters(AUDIT_FILTER_NAMES);
  const settledKey = useDebouncedValue(JSON.stringify(filters), FILTER_DELAY_MS);
  const settled = JSON.parse(settledKey) as AuditFilterValues;
  const clear = useCallback(() => setFilters(Object.fromEntries(AUDIT_FILTER_NAMES.map((name) => [name, ''])) as AuditFilterValues), [setFilters]);
  const isSettled = settledKey === JSON.stringify(filters);
  return { filters, setFilters, settled: toAuditFilters(settled), isSettled, clear, hasFilters: Object.values(filters).some((value) => value.trim() !== '') };
}
