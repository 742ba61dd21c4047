import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissingDependencyError, createToolEnvironment, envVarName, provide } from './environment';
import { serviceKey } from './spi';

interface Clock {
  now(): number;
}

const CLOCK = serviceKey<Clock>('acme.clock');
const fixedClock: Clock = { now: () => 42 };

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('service lookup', () => {
  it('finds a service through a key made separately with the same id', () => {
    const env = createToolEnvironment({ services: new Map([provide(CLOCK, fixedClock)]) });
    const pluginsOwnKey = serviceKey<Clock>('acme.clock');

    expect(env.get(pluginsOwnKey)).toBe(fixedClock);
    expect(env.require(pluginsOwnKey).now()).toBe(42);
  });

  it('returns undefined from get for a service the host did not provide', () => {
    const env = createToolEnvironment();

    expect(env.get(CLOCK)).toBeUndefined();
  });

  it('does not find a service under a key with another id', () => {
    const env = createToolEnvironment({ services: new Map([provide(CLOCK, fixedClock)]) });

    expect(env.get(serviceKey<Clock>('acme.other-clock'))).toBeUndefined();
  });

  it('makes require throw a MissingDependencyError naming the missing key', () => {
    const env = createToolEnvironment();

    const error = thrownBy(() => env.require(CLOCK));

    expect(error).toBeInstanceOf(MissingDependencyError);
    expect((error as MissingDependencyError).message).toContain('acme.clock');
    expect((error as MissingDependencyError).dependency).toEqual({ kind: 'service', id: 'acme.clock' });
  });

  it('treats a service provided as undefined as missing in require, as get does', () => {
    const env = createToolEnvironment({ services: new Map([provide<Clock | undefined>(CLOCK, undefined)]) });

    expect(env.get(CLOCK)).toBeUndefined();
    expect(thrownBy(() => env.require(CLOCK))).toBeInstanceOf(MissingDependencyError);
  });
});

describe('string settings', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads acme.api-key from the environment variable ACME_API_KEY', () => {
    const env = createToolEnvironment({ env: { ACME_API_KEY: 'secret' } });

    expect(env.getString('acme.api-key')).toBe('secret');
    expect(env.requireString('acme.api-key')).toBe('secret');
  });

  it('upper-cases the name and turns each non-alphanumeric character into _', () => {
    expect(envVarName('acme.api-key')).toBe('ACME_API_KEY');
    expect(envVarName('fs.base dir/v2')).toBe('FS_BASE_DIR_V2');
    expect(envVarName('a..b')).toBe('A__B');
    expect(envVarName('ALREADY_UPPER_9')).toBe('ALREADY_UPPER_9');
  });

  it('reads the process environment when no environment is given', () => {
    vi.stubEnv('ACME_REGION', 'eu-west');

    expect(createToolEnvironment().getString('acme.region')).toBe('eu-west');
  });

  it('lets an explicit string win over the environment', () => {
    const env = createToolEnvironment({
      strings: { 'acme.api-key': 'explicit' },
      env: { ACME_API_KEY: 'from-env' },
    });

    expect(env.getString('acme.api-key')).toBe('explicit');
  });

  it('counts an empty environment value as missing', () => {
    const env = createToolEnvironment({ env: { ACME_API_KEY: '' } });

    expect(env.getString('acme.api-key')).toBeUndefined();
    expect(thrownBy(() => env.requireString('acme.api-key'))).toBeInstanceOf(MissingDependencyError);
  });

  it('returns undefined from getString for a setting that is not set', () => {
    expect(createToolEnvironment({ env: {} }).getString('acme.api-key')).toBeUndefined();
  });

  it('makes requireString throw a MissingDependencyError naming the environment variable', () => {
    const env = createToolEnvironment({ env: {} });

    const error = thrownBy(() => env.requireString('acme.api-key'));

    expect(error).toBeInstanceOf(MissingDependencyError);
    expect((error as MissingDependencyError).message).toContain('ACME_API_KEY');
    expect((error as MissingDependencyError).message).toContain('acme.api-key');
  });
});
