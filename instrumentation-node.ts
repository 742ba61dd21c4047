import { closeChangeBus } from './lib/events';
import { closeOpenStreams } from './lib/runtime/open-streams';

// An open MCP SSE stream would keep `next start` alive after SIGTERM: end them, and the change
// bus's LISTEN connection, as soon as the process is asked to stop. Next's own handler still runs.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    closeOpenStreams();
    void closeChangeBus();
  });
}

export {};
