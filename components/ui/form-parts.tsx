import { buttonVariants } from './button';

/** Moves focus to a form's field by name, after its error has been rendered. */
export function focusField(form: HTMLFormElement, name: string | undefined): void {
  if (name === undefined) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}

/** A message about the whole form (a failed save), announced when it appears. */
export function FormAlert({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive-muted p-3 text-sm text-destructive wrap-anywhere">
      {children}
    </div>
  );
}

/** The row of buttons at the foot of a dialog's form. */
export function FormActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>;
}

/** @deprecated Use `<Button variant=…>`; kept so older call sites still fit. */
export const buttonClass = {
  primary: buttonVariants({ variant: 'primary' }),
  danger: buttonVariants({ variant: 'destructive' }),
  secondary: buttonVariants({ variant: 'secondary' }),
} as const;
