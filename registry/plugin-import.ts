/**
 * Node's own `import()`, kept out of every bundler's module graph: plugins are loaded from
 * disk at run time, outside the Next.js bundle, exactly as Node would load them.
 */
export function importModule(url: string): Promise<Record<string, unknown>> {
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ url);
}
