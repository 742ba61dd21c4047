import { describe, expect, it } from 'vitest';
import { toolNamesFromParam, toolPath } from './tool-path';

describe('toolPath', () => {
  it('encodes characters that cannot stand in a path segment', () => {
    expect(toolPath('fs_read_file')).toBe('/tools/fs_read_file');
    expect(toolPath('mcp_* (Search/2)')).toBe('/tools/mcp_*%20(Search%2F2)');
  });
});

describe('toolNamesFromParam', () => {
  it('offers the decoded param first, then the param itself when that differs', () => {
    expect(toolNamesFromParam('fs_read_file')).toEqual(['fs_read_file']);
    expect(toolNamesFromParam('a%2Fb')).toEqual(['a/b', 'a%2Fb']);
  });

  it('finds the name a tool page link was made for, also when Next left the segment encoded', () => {
    expect(toolNamesFromParam('odd%20pct')[0]).toBe('odd pct');
    expect(toolNamesFromParam(toolPath('odd pct').slice('/tools/'.length))[0]).toBe('odd pct');
  });

  it('keeps a param that cannot be decoded, such as one with a lone percent sign', () => {
    expect(toolNamesFromParam('100%')).toEqual(['100%']);
  });
});
