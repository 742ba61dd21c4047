import { flushAuditEvents } from './lib/audit/record-audit-event-later';
import { closeChangeBus } from './lib/events';
import { stopServerHost } from './lib/mcp-servers/server-host';
import { closeOpenStreams } from './lib/runtime/open-streams';
import { invokeBuffered } from './lib/runtime/invoke-buffered';
import { invokeRoute } from './lib/runtime/invoke-route';
import { putAssignmentBuffered, putAssignmentRoute } from './lib/assignments/put-assignment-route';
import { listAgentsRoute } from './lib/agents/list-agents-route';
import { onBeforeExit } from './scripts/front-door/before-exit.mjs';
import { registerFastRoutes } from './scripts/front-door/fast-routes.mjs';
import { registerCatalogueDoor } from './scripts/front-door/catalogue-door.mjs';
import { answerCatalogueAtDoor } from './lib/catalogue/catalogue-door';

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

// The front door (scripts/server.mjs) answers tool calls, assignment saves and the agents list's search with these same handlers, past Next's router.
registerFastRoutes({ invoke: invokeRoute, invokeBuffered, putAssignment: putAssignmentRoute, putAssignmentBuffered, agentsList: listAgentsRoute });
// And GET /api/v1/tools from the catalogue's bytes built once per version, when the caller may read it.
registerCatalogueDoor(answerCatalogueAtDoor);

export {};
