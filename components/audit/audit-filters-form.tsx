import { AUDIT_ACTIONS, actionInWords } from '@/lib/audit/audit-event';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { ActorPicker } from './actor-picker';
import type { AuditFilterName, AuditFilterValues } from './use-audit-filters';

interface AuditFiltersFormProps {
  filters: AuditFilterValues;
  /** What the server refused, by filter. */
  errors: Partial<Record<AuditFilterName, string>>;
  onChange: (changes: Partial<AuditFilterValues>) => void;
  onClear: () => void;
  hasFilters: boolean;
}

const textFilters: { name: AuditFilterName; label: string; placeholder: string }[] = [
  { name: 'agent', label: 'Agent', placeholder: 'Agent id' },
  { name: 'tool', label: 'Tool', placeholder: 'Tool name' },
];

/** The audit log's filters. Times are UTC, as the log shows them, so a shared link means one thing. */
export function AuditFiltersForm({ filters, errors, onChange, onClear, hasFilters }: AuditFiltersFormProps) {
  const actions: readonly string[] = AUDIT_ACTIONS;
  return (
    <form role="search" aria-label="Filter the audit log" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
      <Field id="audit-actor" label="Actor" error={errors.actor}>
        <ActorPicker id="audit-actor" value={filters.actor} onChange={(actor) => onChange({ actor })} invalid={invalidProps('audit-actor', errors.actor)} />
      </Field>
      {textFilters.map(({ name, label, placeholder }) => (
        <Field key={name} id={`audit-${name}`} label={label} error={errors[name]}>
          <Input id={`audit-${name}`} name={name} {...invalidProps(`audit-${name}`, errors[name])} value={filters[name]} placeholder={placeholder} autoComplete="off" spellCheck={false} onChange={(event) => onChange({ [name]: event.target.value })} />
        </Field>
      ))}
      <Field id="audit-action" label="Action" error={errors.action}>
        <Select id="audit-action" name="action" {...invalidProps('audit-action', errors.action)} value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {actionInWords(action)}
            </option>
          ))}
          {filters.action !== '' && !actions.includes(filters.action) && <option>{filters.action}</option>}
        </Select>
      </Field>
      <Field id="audit-from" label="From (UTC)" error={errors.from}>
        <Input id="audit-from" name="from" {...invalidProps('audit-from', errors.from)} type="datetime-local" value={toInputTime(filters.from)} onChange={(event) => onChange({ from: fromInputTime(event.target.value) })} />
      </Field>
      <Field id="audit-to" label="Before (UTC)" error={errors.to}>
        <Input id="audit-to" name="to" {...invalidProps('audit-to', errors.to)} type="datetime-local" value={toInputTime(filters.to)} onChange={(event) => onChange({ to: fromInputTime(event.target.value) })} />
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

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive wrap-anywhere">
          {error}
        </p>
      )}
    </div>
  );
}

function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
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
