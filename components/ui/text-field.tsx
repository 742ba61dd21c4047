import { useId } from 'react';
import { cn } from './cn';
import { Input, Textarea } from './input';

interface TextFieldProps {
  /** The form field name; a form focuses its first invalid field by it. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Always shown under the field, and read with it. */
  help?: React.ReactNode;
  isRequired?: boolean;
  isMultiline?: boolean;
  /** Gets focus when the dialog around it opens. */
  isAutoFocus?: boolean;
  isMonospace?: boolean;
}

/** A labelled input or textarea with help text and an error message, both tied to it for screen readers. */
export function TextField({ name, label, value, onChange, error, help, isRequired, isMultiline, isAutoFocus, isMonospace }: TextFieldProps) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const shared = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-required': isRequired || undefined,
    'aria-describedby': [errorId, helpId].filter(Boolean).join(' ') || undefined,
    'data-autofocus': isAutoFocus || undefined,
    autoComplete: 'off',
    className: cn('py-2', isMonospace && 'font-mono'),
  };
  return (
    <div className="mb-4 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {isRequired && (
          <span aria-hidden="true" className="ml-1 font-normal text-muted-foreground">
            (required)
          </span>
        )}
      </label>
      {isMultiline ? (
        <Textarea {...shared} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...shared} type="text" spellCheck={isMonospace ? false : undefined} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive wrap-anywhere">
          {error}
        </p>
      )}
      {help && (
        <p id={helpId} className="text-sm text-muted-foreground">
          {help}
        </p>
      )}
    </div>
  );
}
