import { Fragment } from 'react';
import { cn } from './cn';

// After these a line may break: path and URL separators, and the joints of identifiers.
const BREAK_AFTER = /([/\\.,_&?=-])/;

/** Text with break opportunities after separators, so `/srv/shared/docs` wraps at a slash, not mid-word. */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(BREAK_AFTER);
  return (
    <>
      {parts.map((part, index) =>
        BREAK_AFTER.test(part) && parts.slice(index + 1).some(Boolean) ? (
          <Fragment key={index}>
            {part}
            <wbr />
          </Fragment>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * A value that wraps at sensible points and, when longer than `lines` lines, is cut short with
 * its full text in a tooltip and shown whole while it has keyboard focus.
 */
export function WrappedValue({ text, lines = 2, className }: { text: string; lines?: 1 | 2 | 3; className?: string }) {
  const clamp = { 1: 'line-clamp-1', 2: 'line-clamp-2', 3: 'line-clamp-3' }[lines];
  return (
    <span
      tabIndex={0}
      title={text}
      className={cn(clamp, 'rounded-sm break-words outline-none focus-visible:line-clamp-none focus-visible:ring-2 focus-visible:ring-ring', className)}
    >
      <BreakableText text={text} />
    </span>
  );
}
