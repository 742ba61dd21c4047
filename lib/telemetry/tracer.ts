import 'server-only';
import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/** The app's tracer: a no-op until a provider is registered (OTEL_EXPORTER_OTLP_ENDPOINT, or a test's). */
export function tracer() {
  return trace.getTracer('tools-admin');
}

/**
 * Runs `work` in a new active span named `name` with `attributes` (never arguments or results),
 * ending it when the work settles; a throw marks the span as an error with the error's class
 * name only (a message may quote an argument).
 */
export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'Error' });
      throw error;
    } finally {
      span.end();
    }
  });
}
