import { flushAuditEvents } from './lib/audit/record-audit-event-later';
import { closeChangeBus } from './lib/events';
import { stopServerHost } from './lib/mcp-servers/server-host';
import { closeOpenStreams } from './lib/runtime/open-streams';
import { onBeforeExit } from './lib/process/before-exit.mjs';
import { flushUsage } from './lib/usage/record-usage';
import { startTracing } from './lib/telemetry/start-tracing';

// An open MCP SSE stream would keep `next start` alive after SIGTERM: end them, and the change
// bus's LISTEN connection, as soon as the process is asked to stop. Next's own handler still runs.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    closeOpenStreams();
    void closeChangeBus();
    // stdio servers end with the app (their guard would end them anyway, a moment later).
    void stopServerHost();
  });
}

// Tool calls are audited just after they answer: scripts/server.mjs writes the waiting ones before it exits.
onBeforeExit(flushAuditEvents);
// Usage rollups wait a few seconds in memory: written too, so a clean shutdown loses no count.
onBeforeExit(flushUsage);

// Spans leave by OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is set; the waiting ones are sent before exit.
onBeforeExit(startTracing());

export {};
