// vitest runs outside React Server Components, where the real `server-only` throws on import.
export {};
