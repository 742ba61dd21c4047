import { describe, expect, it } from 'vitest';
import { AGENT_ID_RULE, AGENT_NAME_REQUIRED, agentDescriptionError, agentFieldErrors, agentIdError, agentNameError, slugify } from './agent-rules';

describe('slugify', () => {
  it.each([
    ['Demo', 'demo'],
    ['  Café Support Bot! ', 'cafe-support-bot'],
    ['Ünïcödé  —  Names', 'unicode-names'],
    ['--Already-a-slug--', 'already-a-slug'],
    ['日本語', ''],
    ['!!!', ''],
  ])('makes %j into the id %j', (name, id) => {
    expect(slugify(name)).toBe(id);
  });

  it('cuts a long name to 64 characters without leaving a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(63)} tail`);

    expect(slug).toBe('a'.repeat(63));
    expect(agentIdError(slugify('x'.repeat(500)))).toBeUndefined();
  });
});

describe('agentIdError', () => {
  it.each(['demo', 'a', '0-agent', 'a'.repeat(64)])('accepts %j', (id) => {
    expect(agentIdError(id)).toBeUndefined();
  });

  it.each(['', '-demo', 'Demo', 'my agent', 'é', 'a'.repeat(65), 'demo\u0000'])('refuses %j with the rule', (id) => {
    expect(agentIdError(id)).toBe(AGENT_ID_RULE);
  });
});

describe('agentNameError', () => {
  it('accepts a name with spaces around it and non-ASCII letters', () => {
    expect(agentNameError('  Café bot  ')).toBeUndefined();
  });

  it('asks for a name when it is blank', () => {
    expect(agentNameError('')).toBe(AGENT_NAME_REQUIRED);
    expect(agentNameError('   ')).toBe(AGENT_NAME_REQUIRED);
  });

  it('refuses control characters, line breaks included', () => {
    expect(agentNameError('two\nlines')).toContain('control characters');
    expect(agentNameError('tab\there')).toContain('control characters');
    expect(agentNameError('nul\u0000')).toContain('control characters');
  });

  it('says how long a name may be and how long this one is', () => {
    expect(agentNameError('n'.repeat(200))).toBeUndefined();
    expect(agentNameError('n'.repeat(201))).toBe('Name must be at most 200 characters (it has 201).');
  });
});

describe('agentDescriptionError', () => {
  it('accepts an empty description and one with tabs and line breaks', () => {
    expect(agentDescriptionError('')).toBeUndefined();
    expect(agentDescriptionError('one\ttwo\nthree\r\nfour')).toBeUndefined();
  });

  it('refuses other control characters and a description that is too long', () => {
    expect(agentDescriptionError('bell\u0007')).toContain('control characters');
    expect(agentDescriptionError('d'.repeat(4001))).toBe('Description must be at most 4000 characters (it has 4001).');
  });
});

describe('agentFieldErrors', () => {
  it('checks only the fields it is given and names each problem by field', () => {
    expect(agentFieldErrors({ name: 'Fine', description: 'Fine too' })).toEqual({});
    expect(agentFieldErrors({ id: 'Not OK', name: ' ', description: 'bell\u0007' })).toEqual({
      id: AGENT_ID_RULE,
      name: AGENT_NAME_REQUIRED,
      description: expect.stringContaining('control characters') as unknown,
    });
  });
});
