// Test support: a second app instance on DATABASE_URL with its own registry and server host.
// It prints one JSON line whenever its view of the catalogue changes: the known tool names and
// the unavailable bundles with their reasons.
import { ToolRegistry } from '@/registry';
import { ServerHost } from '@/lib/mcp-servers/server-host';

const registry = await ToolRegistry.load({ registrations: [] });
const host = new ServerHost({ registry });
await host.start();
console.log(JSON.stringify({ ready: true }));

let last = '';
const timer = setInterval(() => {
  const view = {
    names: [...registry.knownToolNames()].sort(),
    unavailable: registry.catalogue().filter((entry) => !entry.available).map((entry) => `${entry.name}: ${entry.unavailableReason ?? ''}`),
  };
  const line = JSON.stringify(view);
  if (line !== last) {
    last = line;
    console.log(line);
  }
}, 50);

process.stdin.on('end', () => {
  clearInterval(timer);
  void host.stop().then(() => process.exit(0));
});
process.stdin.resume();
