'use client';

/** A time as the reader's locale shows it, with the exact ISO time on hover; "never" for none. */
export function DateText({ value, never = 'never' }: { value: string | null; never?: string }) {
  if (value === null) return <span className="text-muted-foreground">{never}</span>;
  return (
    <time dateTime={value} title={value} suppressHydrationWarning>
      {new Date(value).toLocaleString()}
    </time>
  );
}
