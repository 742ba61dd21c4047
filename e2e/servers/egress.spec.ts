import net from 'node:net';
import { expect, test } from '../support/test';
import { uniqueToken } from '../support/agents-page';
import { E2E_PORT } from '../support/ports';

/**
 * Issue 30: the server form refuses an address the egress policy forbids, on its URL field, at
 * Add and at Test connection, and nothing ever connects there. The shared server allows only
 * 127.0.0.1 (MCP_ALLOWED_HOSTS), so a listener on 127.0.0.2 stands for a service of the host.
 */
test('[SERVERS][EGRESS]: the form shows the egress refusal on the URL field, stores nothing and connects to nothing', async ({ page, request }) => {
  let connections = 0;
  const listener = net.createServer((socket) => {
    connections += 1;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 20\r\n\r\ndb_password=hunter2\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.2', resolve));
  const { port } = listener.address() as net.AddressInfo;
  try {
    const name = `eg${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 32);
    await page.goto('/servers');
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    const url = dialog.getByRole('textbox', { name: 'URL' });
    // Each step's finding differs from the last one's, so the error shown is the new answer's.
    for (const [address, finding, action] of [
      [`http://0x7f000002:${port}/mcp`, /127\.0\.0\.2 is a loopback address/, 'Add server'],
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a cloud metadata address/, 'Test connection'],
      [`http://127.0.0.2:${port}/mcp`, /127\.0\.0\.2 is a loopback address/, 'Test connection'],
      ['http://metadata.google.internal/computeMetadata/v1/', /metadata\.google\.internal is a cloud metadata name/, 'Add server'],
      // 127.0.0.1 is allowed on the shared server, but never the app itself.
      [`http://127.0.0.1:${E2E_PORT}/api/v1/agents/demo/mcp`, /this app/, 'Test connection'],
      [`http://[::ffff:127.0.0.2]:${port}/mcp`, /127\.0\.0\.2 is a loopback address/, 'Add server'],
    ] as const) {
      await url.fill(address);
      await dialog.getByRole('button', { name: action }).click();
      await expect(url).toHaveAttribute('aria-invalid', 'true');
      await expect(url).toHaveAccessibleDescription(finding);
    }
    await expect(dialog).toBeVisible();
    expect((await request.get(`/api/v1/servers/${name}`)).status()).toBe(404);
    expect(connections).toBe(0);
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});
