/** A message about a whole form (a refused sign-in), announced when it appears. */
export function FormError({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
      {children}
    </div>
  );
}
