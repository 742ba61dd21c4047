import 'server-only';
import { z } from 'zod';
import { INVALID_QUERY, type ApiOperation } from '../api-operation';
import { CatalogueEntrySchema, CatalogueQuerySchema, CatalogueSnapshotSchema, CatalogueSummarySchema } from '../catalogue-schemas';

/** The catalogue: every tool, and one tool. */
export const catalogueOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/tools', operationId: 'listTools', tag: 'catalogue',
    summary: 'The catalogue: every tool the registry knows, and the plugins\' diagnostics',
    query: CatalogueQuerySchema,
    success: {
      200: {
        description: 'The catalogue (`CatalogueSummary` with `?view=summary`); its ETag names this exact body. Private and revalidated on each use (`Cache-Control: private, no-cache`); gzipped when Accept-Encoding allows it, that coding with an ETag of its own (the plain one with `-gzip`), and either ETag gets the 304',
        schema: z.union([CatalogueSnapshotSchema, CatalogueSummarySchema]),
        hasEtag: true,
      },
      304: { description: 'Unchanged since the ETag sent in If-None-Match; no body', hasEtag: true },
    },
    problems: [400],
    problemDescriptions: { 400: INVALID_QUERY },
  },
  {
    method: 'GET', path: '/api/v1/tools/{name}', operationId: 'getTool', tag: 'catalogue',
    summary: 'One tool of the catalogue, with its parameters and overrides schemas',
    success: { 200: { description: 'The catalogue entry', schema: CatalogueEntrySchema } },
    problems: [404],
    problemDescriptions: { 404: 'No tool of this name is in the catalogue' },
  },
];
