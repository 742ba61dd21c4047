import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The config editor's look in the app's colours: every colour is a CSS variable of
 * app/globals.css, so one theme serves light and dark (the `.dark` class swaps the values).
 */
const editorColours = EditorView.theme({
  '&': { color: 'var(--foreground)', backgroundColor: 'var(--background)', fontSize: '0.75rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.25rem' },
  '.cm-content': { caretColor: 'var(--foreground)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--code-selection)' },
  '.cm-gutters': { backgroundColor: 'var(--muted)', color: 'var(--muted-foreground)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--accent)', color: 'var(--accent-foreground)' },
  '.cm-lintRange-error': { backgroundColor: 'var(--destructive-muted)' },
  '.cm-tooltip': { backgroundColor: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--destructive)' },
  '.cm-panels': { backgroundColor: 'var(--muted)', color: 'var(--foreground)' },
  '.cm-searchMatch': { outline: '1px solid var(--ring)', backgroundColor: 'transparent' },
});

const yamlColours = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--code-key)' },
  { tag: [tags.string, tags.special(tags.string), tags.content], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom, tags.keyword], color: 'var(--code-literal)' },
  { tag: [tags.comment, tags.meta], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [tags.labelName, tags.typeName], color: 'var(--code-literal)' },
  { tag: tags.invalid, color: 'var(--destructive)' },
]);

/** The theme and YAML highlighting of the config editor, for light and dark alike. */
export const editorTheme = [editorColours, syntaxHighlighting(yamlColours)];
