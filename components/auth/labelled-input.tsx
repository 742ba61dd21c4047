import { useId } from 'react';
import { Input } from '@/components/ui/input';

interface LabelledInputProps extends Omit<React.ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string;
  help?: string;
}

/** An input with its label, help and error tied to it for screen readers. */
export function LabelledInput({ label, error, help, ...props }: LabelledInputProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : undefined, help ? `${id}-help` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-4 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {help && (
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      )}
    </div>
  );
}
