import { catalogueResponse } from '@/lib/catalogue/catalogue-response';
import { withProblemDetails } from '@/lib/http/problem';

export const dynamic = 'force-dynamic';

/** The catalogue: every tool the registry knows, plus the plugins' diagnostics. */
export const GET = withProblemDetails(catalogueResponse);
