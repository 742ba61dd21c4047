import { describe, expect, it } from 'vitest';
import { toErrorTree } from './error-schema';

describe('toErrorTree', () => {
  it('puts each server error on the field its pointer names, nested objects included', () => {
    const tree = toErrorTree([
      { pointer: '/overrides/baseDir', message: 'Base directory is required' },
      { pointer: '/overrides/office/city', message: 'City is required' },
      { pointer: '/overrides/office/city', message: 'City must be a string' },
    ]);

    expect(tree).toEqual({
      baseDir: { __errors: ['Base directory is required'] },
      office: { city: { __errors: ['City is required', 'City must be a string'] } },
    });
  });

  it('unescapes ~1 and ~0 in pointer segments', () => {
    expect(toErrorTree([{ pointer: '/overrides/a~1b~0c', message: 'bad' }])).toEqual({ 'a/b~c': { __errors: ['bad'] } });
  });

  it('keeps an error about the overrides as a whole on the form itself', () => {
    expect(toErrorTree([{ pointer: '/overrides', message: 'Overrides are too large' }])).toEqual({ __errors: ['Overrides are too large'] });
  });
});
