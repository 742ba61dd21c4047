import 'server-only';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { requestIdOf } from '@/lib/http/request-id';
import { routeTemplateOf } from './route-template';
import { noteTraceId } from './trace-ids.mjs';
import { tracer } from './tracer';

/**
 * Answers `request` inside a server span named by its method and route template
 * (`POST /api/v1/agents/{id}/tools/{toolName}/invoke`), with the request id and the answer's
 * status; never a query, header or body. The trace id is noted for the front door's log line.
 */
export function inRequestSpan(request: Request, answer: () => Promise<Response>): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = routeTemplateOf(pathname);
  const requestId = requestIdOf(request);
  const attributes = { 'http.request.method': request.method, 'http.route': route, ...(requestId ? { 'tools_admin.request_id': requestId } : {}) };
  return tracer().startActiveSpan(`${request.method} ${route}`, { kind: SpanKind.SERVER, attributes }, async (span) => {
    try {
      if (requestId && span.isRecording()) noteTraceId(requestId, span.spanContext().traceId);
      const response = await answer();
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      return response;
    } finally {
      span.end();
    }
  });
}
