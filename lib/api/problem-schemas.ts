import { z } from 'zod';

/** One problem with one field: an RFC 6901 JSON Pointer into the request body (or query) and why. */
export const FieldErrorSchema = z.object({
  pointer: z.string().meta({ description: 'JSON Pointer into the request body, e.g. /overrides/baseDir' }),
  message: z.string(),
});

/** RFC 9457 problem details, as every error of this API is answered (`application/problem+json`). */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional().meta({ description: 'Field errors, when the body or query was invalid' }),
    current: z.unknown().optional().meta({ description: 'On 412: the current representation of the resource' }),
  })
  .loose();
