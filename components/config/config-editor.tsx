'use client';

import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useEffect, useId, useImperativeHandle, useMemo, useRef } from 'react';
import type { ConfigFileError } from '@/lib/client-api/config-api';
import { editorTheme } from './editor-theme';

/** What the page may ask of the editor. */
export interface ConfigEditorHandle {
  /** Selects the text from `column` to the end of `line` (1-based), scrolls it into view and focuses the editor. */
  goTo: (line: number, column?: number) => void;
}

interface ConfigEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The last check's errors: those with a line are marked there (gutter and underline). */
  errors: readonly ConfigFileError[];
  ref?: React.Ref<ConfigEditorHandle>;
}

// What CodeMirror's basic setup brings, less what a configuration file has no use for.
const BASIC_SETUP = { autocompletion: false, syntaxHighlighting: false, foldGutter: true, highlightActiveLine: false } as const;

/**
 * The configuration file's editor: CodeMirror 6 with YAML highlighting (JSON is YAML too), line
 * numbers, and the last check's errors marked on their lines. Tab indents; Escape then Tab moves
 * on to the next control (CodeMirror's own way out), so the keyboard is never trapped.
 */
export function ConfigEditor({ value, onChange, errors, ref }: ConfigEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const editor = useRef<ReactCodeMirrorRef>(null);

  const extensions = useMemo(
    () => [
      yaml(),
      lintGutter(),
      editorTheme,
      EditorView.contentAttributes.of({ 'aria-labelledby': labelId, 'aria-describedby': helpId }),
    ],
    [labelId, helpId],
  );

  // The marks follow the errors of the last check; edits since then move them with the text.
  useEffect(() => {
    const view = editor.current?.view;
    if (!view) return;
    view.dispatch(setDiagnostics(view.state, diagnosticsOf(errors, view.state.doc)));
  }, [errors]);

  useImperativeHandle(ref, () => ({
    goTo: (line, column = 1) => {
      const view = editor.current?.view;
      if (!view) return;
      const { from, to } = lineRange(view.state.doc, line, column);
      view.dispatch({ selection: EditorSelection.range(from, to), effects: EditorView.scrollIntoView(from, { y: 'center' }) });
      view.focus();
    },
  }));

  return (
    <div className="mb-3 flex min-w-0 flex-col gap-1">
      <span id={labelId} className="text-sm font-medium">
        Configuration file
      </span>
      <div className="min-w-0 overflow-hidden rounded-md border border-input focus-within:ring-2 focus-within:ring-ring">
        <CodeMirror ref={editor} value={value} onChange={onChange} height="20rem" theme="none" basicSetup={BASIC_SETUP} extensions={extensions} />
      </div>
      <p id={helpId} className="text-xs text-muted-foreground">
        YAML or JSON, as exported. An error&apos;s line is marked beside its number, and its link in the list goes to it. Tab indents; press Escape, then Tab, to move on.
      </p>
    </div>
  );
}

/** From `column` (1-based, at most the line's end) to the end of `line` (clamped into the text). */
function lineRange(doc: Text, line: number, column: number): { from: number; to: number } {
  const target = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return { from: Math.min(target.from + Math.max(column, 1) - 1, target.to), to: target.to };
}

function diagnosticsOf(errors: readonly ConfigFileError[], doc: Text): Diagnostic[] {
  return errors.flatMap((error) => {
    if (error.line === undefined) return [];
    const { from, to } = lineRange(doc, error.line, error.column ?? 1);
    return [{ from, to, severity: 'error', message: error.message }];
  });
}
