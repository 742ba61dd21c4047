import 'server-only';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const host = globalThis as typeof globalThis & { toolsAdminTracerProvider?: NodeTracerProvider };

/**
 * Starts exporting spans by OTLP over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (the
 * exporter reads it and the other OTEL_EXPORTER_OTLP_* variables itself); does nothing
 * otherwise, so no span leaves the process. Answers a shutdown that sends the waiting spans.
 */
export function startTracing(env: Readonly<Record<string, string | undefined>> = process.env): () => Promise<void> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) return async () => undefined;
  if (!host.toolsAdminTracerProvider) {
    const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
    provider.register();
    host.toolsAdminTracerProvider = provider;
  }
  const provider = host.toolsAdminTracerProvider;
  return () => provider.shutdown();
}
