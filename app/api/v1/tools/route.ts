import { getToolRegistry } from '@/lib/registry-host';
import { withProblemDetails } from '@/lib/http/problem';

export const dynamic = 'force-dynamic';

/** The catalogue: every tool the registry knows, plus the plugins' diagnostics. */
export const GET = withProblemDetails(async () => {
  const registry = await getToolRegistry();
  return Response.json(registry.snapshot());
});
