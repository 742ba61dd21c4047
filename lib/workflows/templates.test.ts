import { describe, expect, it } from 'vitest';
import { fillOutput, fillTemplates, templatesIn } from './templates';

const scope = { input: { city: 'Oslo', days: 3 }, steps: new Map([['extract', 'rainy']]) };

describe('templates', () => {
  it("gives a whole-value template the value itself, keeping an input's type", () => {
    expect(fillTemplates({ days: '{{input.days}}', city: '{{ input.city }}' }, scope)).toEqual({ days: 3, city: 'Oslo' });
  });

  it('puts values into text, and fills nested objects and arrays', () => {
    expect(fillTemplates({ text: 'In {{input.city}}: {{steps.extract.result}}', list: ['{{input.city}}', { n: '{{input.days}}' }] }, scope)).toEqual({
      text: 'In Oslo: rainy',
      list: ['Oslo', { n: 3 }],
    });
  });

  it('leaves out a key whose whole value is an input not given', () => {
    expect(fillTemplates({ a: '{{input.absent}}', b: 'x' }, scope)).toEqual({ b: 'x' });
  });

  it('refuses a step that has not run yet and a malformed template', () => {
    expect(() => fillTemplates('{{steps.later.result}}', scope)).toThrow('names step "later", which has not run before this point');
    expect(() => fillTemplates('{{input}}', scope)).toThrow('{{input}} is not a template this app knows');
  });

  it('finds the templates of a string and what they name', () => {
    expect(templatesIn('a {{input.x}} b {{steps.s-1.result}} {{nope}}')).toEqual([
      { text: '{{input.x}}', ref: { kind: 'input', name: 'x' } },
      { text: '{{steps.s-1.result}}', ref: { kind: 'step', id: 's-1' } },
      { text: '{{nope}}', ref: undefined },
    ]);
  });

  it('makes the output text, JSON for a non-string value', () => {
    expect(fillOutput('{{input.days}}', scope)).toBe('3');
    expect(fillOutput('{{steps.extract.result}}!', scope)).toBe('rainy!');
  });
});
