import { describe, expect, it } from 'vitest';
import { ApiProblem } from './api-problem';
import { firstInvalidField, formErrorsOf } from './form-errors';

const fields = ['id', 'name', 'description'] as const;

function problem(status: number, body: Record<string, unknown>): ApiProblem {
  return new ApiProblem(status, body, undefined);
}

describe('formErrorsOf', () => {
  it('puts each field error on the field its pointer names, first message first', () => {
    const error = problem(400, {
      title: 'Invalid request',
      errors: [
        { pointer: '/name', message: 'A name is required.' },
        { pointer: '/name', message: 'A second complaint' },
        { pointer: '/id', message: 'Use lowercase' },
      ],
    });

    expect(formErrorsOf(error, fields)).toEqual({ fields: { name: 'A name is required.', id: 'Use lowercase' } });
  });

  it('keeps an error for a field the form does not have as the form message', () => {
    const error = problem(400, { errors: [{ pointer: '/name', message: 'Too long' }, { pointer: '/color', message: 'Unknown field' }] });

    expect(formErrorsOf(error, ['name'] as const)).toEqual({ fields: { name: 'Too long' }, form: '/color: Unknown field' });
  });

  it('does not take a pointer that merely starts like a field name for that field', () => {
    const error = problem(400, { errors: [{ pointer: '/names', message: 'Nope' }] });

    expect(formErrorsOf(error, fields)).toEqual({ fields: {}, form: '/names: Nope' });
  });

  it('gives the problem detail as the form message when no field is named', () => {
    const error = problem(500, { title: 'Internal error', detail: 'The database is down' });

    expect(formErrorsOf(error, fields)).toEqual({ fields: {}, form: 'The database is down' });
  });

  it('gives a network error message as the form message', () => {
    expect(formErrorsOf(new Error('The server could not be reached.'), fields)).toEqual({ fields: {}, form: 'The server could not be reached.' });
  });
});

describe('firstInvalidField', () => {
  it('picks the first field in form order that has an error', () => {
    expect(firstInvalidField({ description: 'x', id: 'y' }, fields)).toBe('id');
    expect(firstInvalidField({}, fields)).toBeUndefined();
  });
});
