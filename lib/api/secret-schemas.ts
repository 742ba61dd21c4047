import { z } from 'zod';
import { MAX_SECRET_BYTES, SECRET_NAME_PATTERN, SECRET_NAME_RULE } from '@/lib/secrets/secret-rules';

/** A secret's name, in the path of `/api/v1/secrets/{name}` and in `${secret:NAME}`. */
export const SecretNameSchema = z.string().regex(SECRET_NAME_PATTERN, SECRET_NAME_RULE);

/**
 * The body of `PUT /api/v1/secrets/{name}`. The messages name the rule, never the value (a
 * refused value is not echoed into a problem).
 */
export const PutSecretBodySchema = z.strictObject({
  value: z
    .string({ error: 'Give the secret\'s value as a string' })
    .min(1, 'Give the secret a value')
    .refine((value) => !value.includes('\u0000'), 'A secret\'s value must not contain U+0000 (NUL)')
    .refine((value) => Buffer.byteLength(value, 'utf8') <= MAX_SECRET_BYTES, `A secret's value is at most ${MAX_SECRET_BYTES / 1024} KiB`)
    .meta({ description: `The value, at most ${MAX_SECRET_BYTES / 1024} KiB of UTF-8; stored encrypted and never answered again`, writeOnly: true }),
});

/** A secret as every answer shows it: never its value. */
export const SecretSchema = z.object({
  name: z.string(),
  setBy: z.string().meta({ description: 'The id of the user who set the current value' }),
  setByName: z.string().meta({ description: 'Their name when they set it' }),
  setAt: z.string().meta({ format: 'date-time' }),
  usedBy: z.array(z.string()).meta({ description: 'The MCP servers whose configuration references it as ${secret:NAME}' }),
});

/** `GET /api/v1/secrets`. */
export const SecretListSchema = z.object({ secrets: z.array(SecretSchema) });

/** What `DELETE /api/v1/secrets/{name}` answers. */
export const DeletedSecretSchema = z.object({ name: z.string() });
