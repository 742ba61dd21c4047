import 'server-only';
import { readJson, type ApiOperation } from '../api-operation';
import { MeSchema } from '../auth-schemas';
import { OpenApiDocumentSchema } from '../meta-schemas';

/** Who the caller is, and this document. */
export const metaOperations: ApiOperation[] = [
  readJson({ path: '/api/v1/me', operationId: 'getMe', tag: 'meta', summary: 'Who the caller is (user or token) and every permission they hold', description: 'The caller', schema: MeSchema }),
  readJson({ path: '/api/v1/openapi.json', operationId: 'getOpenApiDocument', tag: 'meta', summary: 'This API\'s OpenAPI 3.1 document', description: 'The OpenAPI document', schema: OpenApiDocumentSchema }),
];
