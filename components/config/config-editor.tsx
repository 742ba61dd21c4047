'use client';

import { useId, useImperativeHandle, useRef } from 'react';
import { cn } from '@/components/ui/cn';

/** What the page may ask of the editor. */
export interface ConfigEditorHandle {
  /** Selects the text from `column` to the end of `line` (1-based) and scrolls it into view. */
  goTo: (line: number, column?: number) => void;
}

interface ConfigEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Lines the last check found errors on, marked in the gutter. */
  errorLines: ReadonlySet<number>;
  ref?: React.Ref<ConfigEditorHandle>;
}

// One line of the textarea and one of the gutter are this tall, so they stay side by side.
const LINE_HEIGHT_PX = 20;

/**
 * The configuration file's editor: a textarea with a line-number gutter beside it (errors marked
 * on their lines), lines kept unwrapped so a number stays beside its line. Not a code editor: no
 * highlighting (CodeMirror is not installed), but the lines the errors cite can be found and gone to.
 */
export function ConfigEditor({ value, onChange, errorLines, ref }: ConfigEditorProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = Math.max(1, value.split('\n').length);

  useImperativeHandle(ref, () => ({
    goTo: (line, column = 1) => {
      const field = textarea.current;
      if (!field) return;
      const lines = field.value.split('\n');
      const index = Math.min(Math.max(line, 1), lines.length) - 1;
      const start = lines.slice(0, index).reduce((sum, text) => sum + text.length + 1, 0);
      const end = start + (lines[index]?.length ?? 0);
      field.focus();
      field.setSelectionRange(Math.min(start + column - 1, end), end);
      field.scrollTop = Math.max(0, (index - 3) * LINE_HEIGHT_PX);
    },
  }));

  return (
    <div className="mb-3 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Configuration file
      </label>
      <div className="flex min-w-0 overflow-hidden rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring">
        <div ref={gutter} aria-hidden="true" className="h-80 shrink-0 overflow-hidden border-r border-border bg-muted py-1.5 text-right font-mono text-xs text-muted-foreground select-none">
          {Array.from({ length: lineCount }, (_, index) => (
            <div key={index} style={{ height: LINE_HEIGHT_PX, lineHeight: `${LINE_HEIGHT_PX}px` }} className={cn('px-2', errorLines.has(index + 1) && 'bg-destructive-muted font-semibold text-destructive')}>
              {index + 1}
            </div>
          ))}
        </div>
        <textarea
          ref={textarea}
          id={id}
          name="file"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
          wrap="off"
          spellCheck={false}
          aria-describedby={`${id}-help`}
          style={{ lineHeight: `${LINE_HEIGHT_PX}px` }}
          className="h-80 min-w-0 flex-1 resize-none overflow-auto bg-transparent px-3 py-1.5 font-mono text-xs text-foreground outline-none"
        />
      </div>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        YAML or JSON, as exported. Line numbers are on the left; an error&apos;s line is marked there, and its link in the list goes to it.
      </p>
    </div>
  );
}
