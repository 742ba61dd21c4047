import { isPlainObject } from '@/lib/json-pointer';
import { cn } from './cn';
import { BreakableText } from './wrapped-value';

/** What a secret shows instead of its value. */
export const SECRET_MASK = '••••••';
// Without a schema a secret can only be recognised by its name.
const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|credential/i;

interface SettingsViewProps {
  /** The settings: an object is shown key by key; anything else as one value. */
  value: unknown;
  /** The JSON Schema of `value` when known: titles as labels, `format: password` masked, its key order. */
  schema?: Record<string, unknown>;
  /** Top-level keys to highlight as changed. */
  changedKeys?: ReadonlySet<string>;
  /** Names the list for screen readers ("Settings of research"). */
  label?: string;
  className?: string;
}

/**
 * Settings read as values, not JSON: one "key: value" line each, nested objects indented,
 * lists of plain values joined with commas, paths wrapped at their separators, secrets masked,
 * changed keys highlighted. Read-only; shared by "Used by", fleet previews and audit diffs.
 */
export function SettingsView({ value, schema, changedKeys, label, className }: SettingsViewProps) {
  if (!isPlainObject(value)) return <span className={cn('text-sm break-words', className)}>{<Scalar value={value} />}</span>;
  const entries = orderedEntries(value, schema);
  if (entries.length === 0) return <span className={cn('text-sm text-muted-foreground', className)}>(none set)</span>;
  const list = (
    <dl className={cn('space-y-0.5 text-sm', className)}>
      {entries.map(([key, item]) => (
        <SettingLine key={key} name={key} value={item} schema={propertyOf(schema, key)} isChanged={changedKeys?.has(key) ?? false} />
      ))}
    </dl>
  );
  // A description list has no role of its own to carry a name: a group around it does.
  return label ? (
    <div role="group" aria-label={label} className="min-w-0">
      {list}
    </div>
  ) : (
    list
  );
}

function SettingLine({ name, value, schema, isChanged }: { name: string; value: unknown; schema?: Record<string, unknown>; isChanged: boolean }) {
  const title = typeof schema?.title === 'string' && schema.title.trim() ? schema.title.trim() : name;
  const isSecret = schema ? schema.format === 'password' : SECRET_NAME.test(name);
  const isNested = !isSecret && isPlainObject(value) && Object.keys(value).length > 0;
  return (
    <div data-setting={name} data-changed={isChanged || undefined} className={cn('min-w-0 rounded-sm', isChanged && 'bg-warning-muted px-1 ring-1 ring-warning/40')}>
      <dt className="inline font-medium text-muted-foreground">
        {title}
        {isChanged && <span className="sr-only"> (changed)</span>}:
      </dt>{' '}
      <dd className={cn('min-w-0 break-words', isNested ? 'mt-0.5 border-l border-border pl-3' : 'inline')}>
        {isSecret ? <SecretMask /> : isNested ? <SettingsView value={value} schema={schema} /> : <Scalar value={value} />}
      </dd>
    </div>
  );
}

function SecretMask() {
  return (
    <>
      <span aria-hidden="true">{SECRET_MASK}</span>
      <span className="sr-only">secret, hidden</span>
    </>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">(none)</span>;
  if (typeof value === 'string') return value === '' ? <span className="text-muted-foreground">(empty)</span> : <BreakableText text={value} />;
  if (typeof value === 'boolean') return <>{value ? 'yes' : 'no'}</>;
  if (typeof value === 'number') return <>{value.toLocaleString('en')}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-muted-foreground">(none)</span>;
    if (value.every((item) => !isPlainObject(item) && !Array.isArray(item))) return <BreakableText text={value.map((item) => (item === null ? '(none)' : String(item))).join(', ')} />;
    return (
      <ol className="ml-4 list-decimal">
        {value.map((item, index) => (
          <li key={index}>
            <SettingsView value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (isPlainObject(value)) return <span className="text-muted-foreground">(none)</span>;
  return <>{String(value)}</>;
}

function propertyOf(schema: Record<string, unknown> | undefined, key: string): Record<string, unknown> | undefined {
  const properties = schema?.properties;
  if (!isPlainObject(properties)) return undefined;
  const property = properties[key];
  return isPlainObject(property) ? property : undefined;
}

function orderedEntries(value: Record<string, unknown>, schema: Record<string, unknown> | undefined): [string, unknown][] {
  const order = isPlainObject(schema?.properties) ? Object.keys(schema.properties) : [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(value).sort(([a], [b]) => rank(a) - rank(b));
}
