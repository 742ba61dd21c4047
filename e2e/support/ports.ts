/** Port of the shared e2e server; set E2E_PORT to run two checkouts' browser tests side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** A port for a test's own server, distinct from the shared one. */
export function ownServerPort(offset: number): number {
  return E2E_PORT + offset;
}
