import { z } from 'zod';

const jsonSchemaObject = z.record(z.string(), z.unknown()).meta({ description: 'A JSON Schema' });

/** A tool's behaviour hints (an MCP server's tool annotations), present only when it states any. */
export const ToolAnnotationsSchema = z
  .object({
    title: z.string().optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  })
  .meta({ description: 'Hints about what the tool does (read-only, destructive, idempotent, open world), as its MCP server states them' });

/** One tool of the catalogue, or one unavailable factory or bundle. */
export const CatalogueEntrySchema = z.object({
  name: z.string(),
  group: z.string(),
  description: z.string(),
  parametersSchema: jsonSchemaObject,
  overridesSchema: jsonSchemaObject,
  available: z.boolean(),
  unavailableReason: z.string().optional(),
  unavailableSince: z.string().optional().meta({ format: 'date-time', description: 'Since when the tool has been unavailable, when its plugin says (an MCP server that went away); only with unavailableReason' }),
  kind: z.enum(['factory', 'provider']),
  source: z.string().meta({ description: '"builtin" or the plugin package\'s name' }),
  streamsResultToUser: z.boolean(),
  annotations: ToolAnnotationsSchema.optional(),
});

/** Something admins should know about the plugins: a failure, a name conflict or a warning. */
export const DiagnosticSchema = z.object({
  kind: z.enum(['failed', 'conflict', 'warning']),
  source: z.string(),
  entry: z.string().optional(),
  file: z.string().optional(),
  phase: z.string().optional(),
  toolName: z.string().optional(),
  claimants: z.array(z.string()).optional(),
  message: z.string(),
});

/** `GET /api/v1/tools`. */
export const CatalogueSnapshotSchema = z.object({
  tools: z.array(CatalogueEntrySchema),
  diagnostics: z.array(DiagnosticSchema),
});

/** One tool of the list view: the entry without its schemas; flags present only when true. */
export const ToolSummarySchema = z.object({
  name: z.string(),
  group: z.string(),
  description: z.string(),
  source: z.string(),
  unavailableReason: z.string().optional().meta({ description: 'Present exactly when the tool is unavailable' }),
  unavailableSince: z.string().optional().meta({ format: 'date-time', description: 'Since when the tool has been unavailable, when its plugin says (an MCP server that went away); only with unavailableReason' }),
  isBundle: z.literal(true).optional().meta({ description: 'Served by a MultiToolProvider' }),
  streamsResultToUser: z.literal(true).optional(),
  hasSettings: z.literal(true).optional().meta({ description: 'The overrides schema declares at least one setting' }),
  annotations: ToolAnnotationsSchema.optional(),
});

/** `GET /api/v1/tools?view=summary`: what the catalogue page lists. */
export const CatalogueSummarySchema = z.object({
  tools: z.array(ToolSummarySchema),
  diagnostics: z.array(DiagnosticSchema),
});

/** The query of `GET /api/v1/tools`. */
export const CatalogueQuerySchema = z.object({
  view: z
    .enum(['full', 'summary'])
    .optional()
    .meta({ description: '`summary` leaves out the schemas (what the catalogue page needs); default `full`' }),
});
