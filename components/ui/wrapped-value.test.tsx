import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BreakableText, WrappedValue } from './wrapped-value';

describe('BreakableText', () => {
  it('offers a line break after each slash of a path and nowhere inside its names', () => {
    expect(renderToStaticMarkup(<BreakableText text="/srv/shared/docs" />)).toBe('/<wbr/>srv/<wbr/>shared/<wbr/>docs');
  });
});

describe('WrappedValue', () => {
  it('keeps the full text in a tooltip and is focusable, so a cut-short value can be read whole', () => {
    const html = renderToStaticMarkup(<WrappedValue text="/a/very/long/path" />);
    expect(html).toContain('title="/a/very/long/path"');
    expect(html).toContain('tabindex="0"');
  });
});
