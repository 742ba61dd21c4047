/** Moves focus to a form's field by name, after its error has been rendered. */
export function focusField(form: HTMLFormElement, name: string | undefined): void {
  if (name === undefined) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}

/** A message about the whole form (a failed save), announced when it appears. */
export function FormAlert({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 wrap-anywhere">
      {children}
    </div>
  );
}

/** The row of buttons at the foot of a dialog's form. */
export function FormActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>;
}

/** Classes for a dialog's buttons: the main action, a destructive one, and the others. */
export const buttonClass = {
  primary: 'rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60',
  danger: 'rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60',
  secondary: 'rounded-md border border-slate-400 bg-white px-4 py-2 text-sm hover:bg-slate-100 disabled:opacity-60',
} as const;
