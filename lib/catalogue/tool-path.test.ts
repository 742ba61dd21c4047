import { describe, expect, it } from 'vitest';
import { toolNamesFromParam, toolPath } from './tool-path';

describe('toolPath', () => {
  it('encodes characters that cannot stand in a path segment', () => {
    expect(toolPath('fs_read_file')).toBe('/tools/fs_read_file');
    expect(toolPath('mcp_* (Search/2)')).toBe('/tools/mcp_*%20(Search%2F2)');
  });
});

describe('toolNamesFromParam', () => {
  it('offers the param itself, then its decoded form when that differs', () => {
    expect(toolNamesFromParam('fs_read_file')).toEqual(['fs_read_file']);
    expect(toolNamesFromParam('a%2Fb')).toEqual(['a%2Fb', 'a/b']);
  });

  it('keeps a param that cannot be decoded, such as one with a lone percent sign', () => {
    expect(toolNamesFromParam('100%')).toEqual(['100%']);
  });
});
