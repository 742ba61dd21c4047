import { z } from 'zod';

/** What `GET /api/v1/openapi.json` answers: an OpenAPI 3.1 document. */
export const OpenApiDocumentSchema = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.object({ schemas: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose()
  .meta({ description: 'An OpenAPI 3.1 document' });
