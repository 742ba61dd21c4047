import 'server-only';
import { apiOperations } from '@/lib/api/routes';

let templates: { template: string; pattern: RegExp }[] | undefined;

/** The OpenAPI path a request path reached (`/api/v1/agents/{id}`), for a span's name; the path's first two segments when none matches. */
export function routeTemplateOf(pathname: string): string {
  templates ??= [...new Set(apiOperations.map((operation) => operation.path))]
    // Fixed segments before parameters: `/api/v1/tools/{name}/agents` before `/api/v1/tools/{name}`.
    .sort((a, b) => b.split('/').length - a.split('/').length || a.indexOf('{') - b.indexOf('{'))
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`) }));
  return templates.find(({ pattern }) => pattern.test(pathname))?.template ?? pathname.split('/').slice(0, 4).join('/');
}
