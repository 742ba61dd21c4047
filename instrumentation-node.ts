import { closeChangeBus } from './lib/events';
import { closeOpenStreams } from './lib/runtime/open-streams';
import { stopServerHost } from './lib/mcp-servers/server-host';

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

export {};
