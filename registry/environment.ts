import type { ServiceKey, ToolEnvironment } from './spi';

/** Thrown by `require` / `requireString` when the host did not provide a dependency. */
export class MissingDependencyError extends Error {
  override readonly name = 'MissingDependencyError';

  constructor(
    readonly dependency: { kind: 'service'; id: string } | { kind: 'string'; name: string; envVar: string },
  ) {
    super(
      dependency.kind === 'service'
        ? `Missing service "${dependency.id}": the host did not provide it`
        : `Missing setting "${dependency.name}": set the environment variable ${dependency.envVar}`,
    );
  }
}

/** The environment variable a string setting is read from: `acme.api-key` → `ACME_API_KEY`. */
export function envVarName(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

/** What the host puts into the environment. */
export interface ToolEnvironmentOptions {
  /** Services by key id. */
  services?: ReadonlyMap<string, unknown>;
  /** Explicit strings by setting name; they win over the process environment. */
  strings?: Readonly<Record<string, string>>;
  /** Where other strings come from; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Builds the `ToolEnvironment` the host hands to every plugin. */
export function createToolEnvironment(options: ToolEnvironmentOptions = {}): ToolEnvironment {
  const services = options.services ?? new Map<string, unknown>();
  const strings = options.strings ?? {};
  const env = options.env ?? process.env;

  const getString = (name: string): string | undefined => {
    const value = Object.hasOwn(strings, name) ? strings[name] : env[envVarName(name)];
    return value === undefined || value === '' ? undefined : value;
  };

  return {
    get: <T>(key: ServiceKey<T>) => services.get(key.id) as T | undefined,
    require: <T>(key: ServiceKey<T>) => {
      const service = services.get(key.id);
      if (service === undefined) throw new MissingDependencyError({ kind: 'service', id: key.id });
      return service as T;
    },
    getString,
    requireString: (name: string) => {
      const value = getString(name);
      if (value === undefined) {
        throw new MissingDependencyError({ kind: 'string', name, envVar: envVarName(name) });
      }
      return value;
    },
  };
}

/** How admins are told about a missing string setting. */
function missingSetting(name: string): string {
  return `setting "${name}" (set the environment variable ${envVarName(name)} and restart)`;
}

/** A service map entry, typed by its key. */
export function provide<T>(key: ServiceKey<T>, service: T): [string, unknown] {
  return [key.id, service];
}

/**
 * Wraps an environment so the registry can tell admins which dependencies a plugin asked
 * for and did not get, when that plugin later says it is unavailable.
 */
export function recordingEnvironment(
  inner: ToolEnvironment,
  misses: string[],
): ToolEnvironment {
  const miss = (what: string) => {
    if (!misses.includes(what)) misses.push(what);
  };
  return {
    get: <T>(key: ServiceKey<T>) => {
      const value = inner.get(key);
      if (value === undefined) miss(`service "${key.id}"`);
      return value;
    },
    require: <T>(key: ServiceKey<T>) => {
      try {
        return inner.require(key);
      } catch (error) {
        miss(`service "${key.id}"`);
        throw error;
      }
    },
    getString: (name: string) => {
      const value = inner.getString(name);
      if (value === undefined) miss(missingSetting(name));
      return value;
    },
    requireString: (name: string) => {
      try {
        return inner.requireString(name);
      } catch (error) {
        miss(missingSetting(name));
        throw error;
      }
    },
  };
}
