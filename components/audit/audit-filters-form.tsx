import { AUDIT_ACTIONS } from '@/lib/audit/audit-event';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import type { AuditFilterName, AuditFilterValues } from './use-audit-filters';

interface AuditFiltersFormProps {
  filters: AuditFilterValues;
  onChange: (changes: Partial<AuditFilterValues>) => void;
  onClear: () => void;
  hasFilters: boolean;
}

const textFilters: { name: AuditFilterName; label: string; placeholder: string }[] = [
  { name: 'actor', label: 'Actor', placeholder: 'User or token id' },
  { name: 'agent', label: 'Agent', placeholder: 'Agent id' },
  { name: 'tool', label: 'Tool', placeholder: 'Tool name' },
];

/** The audit log's filters. Times are UTC, as the log shows them, so a shared link means one thing. */
export function AuditFiltersForm({ filters, onChange, onClear, hasFilters }: AuditFiltersFormProps) {
  const actions: readonly string[] = AUDIT_ACTIONS;
  return (
    <form role="search" aria-label="Filter the audit log" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
      {textFilters.map(({ name, label, placeholder }) => (
        <Field key={name} id={`audit-${name}`} label={label}>
          <Input id={`audit-${name}`} name={name} value={filters[name]} placeholder={placeholder} autoComplete="off" spellCheck={false} onChange={(event) => onChange({ [name]: event.target.value })} />
        </Field>
      ))}
      <Field id="audit-action" label="Action">
        <Select id="audit-action" name="action" value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action}>{action}</option>
          ))}
          {filters.action !== '' && !actions.includes(filters.action) && <option>{filters.action}</option>}
        </Select>
      </Field>
      <Field id="audit-from" label="From (UTC)">
        <Input id="audit-from" name="from" type="datetime-local" value={toInputTime(filters.from)} onChange={(event) => onChange({ from: fromInputTime(event.target.value) })} />
      </Field>
      <Field id="audit-to" label="Before (UTC)">
        <Input id="audit-to" name="to" type="datetime-local" value={toInputTime(filters.to)} onChange={(event) => onChange({ to: fromInputTime(event.target.value) })} />
      </Field>
      {hasFilters && (
        <div className="sm:col-span-3">
          <Button size="sm" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      )}
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** An ISO time as a datetime-local input's value, in UTC; '' for what is not a time. */
export function toInputTime(value: string): string {
  if (value.trim() === '') return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString().slice(0, 16);
}

/** A datetime-local input's value, read as UTC, as the API's ISO time. */
export function fromInputTime(value: string): string {
  return value === '' ? '' : `${value}Z`;
}
