import { existsSync } from 'node:fs';
import { expect, test } from '../support/test';
import { startAttackerSite, type AttackerSite } from '../support/attacker-site';
import { addSessionCookie, signInCookie } from '../support/e2e-admin';
import { E2E_PORT, ownServerPort } from '../support/ports';

const app = `http://127.0.0.1:${E2E_PORT}`;

let adminCookie = '';

async function agentExists(id: string): Promise<boolean> {
  const response = await fetch(`${app}/api/v1/agents/${id}`, { headers: { cookie: adminCookie } });
  expect([200, 404]).toContain(response.status);
  return response.status === 200;
}

/** How many POSTs to /api/v1/agents the app answered with `status`, from its own metrics. */
async function refusedPosts(status: number): Promise<number> {
  const series = `http_requests_total{method="POST",route="/api/v1/agents",status="${status}"} `;
  const line = (await (await fetch(`${app}/api/metrics`)).text()).split('\n').find((entry) => entry.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

const pages = (id: string) => ({
  '/form': `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" action="${app}/api/v1/agents" enctype="text/plain">
  <input name='{"id":"${id}-form","name":"Planted by a form","pad":"' value='"}'>
</form>
<script>document.getElementById('f').submit();</script>`,
  '/fetch': `<!doctype html><title>Nothing to see</title>
<script>
  window.attack = fetch('${app}/api/v1/agents', {
    method: 'POST', mode: 'no-cors', credentials: 'include',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ id: '${id}-fetch', name: 'Planted by fetch' }),
  }).then(() => 'sent', (error) => 'failed: ' + error);
</script>`,
  '/frame': `<!doctype html><title>Framed</title>
<iframe id="victim" title="victim" src="${app}/agents" width="800" height="600"></iframe>`,
});

// The probe that found the hole ran Chromium with Local Network Access off, which lets a
// page send requests to loopback addresses; the app must hold without the browser's help.
test.use({
  launchOptions: {
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults'],
  },
});

test.describe('[SECURITY][CROSS-SITE]', () => {
  let attacker: AttackerSite;

  test.beforeAll(async () => {
    adminCookie = await signInCookie(app);
    attacker = await startAttackerSite(ownServerPort(21), (origin) => pages(origin.includes('localhost') ? 'csrf-site' : 'csrf-origin'));
  });

  test.afterAll(async () => {
    await attacker.close();
  });

  test.beforeEach(async ({ context }) => {
    // The victim is a signed-in admin: a real session cookie (SameSite=Lax, as the app sets it).
    await addSessionCookie(context, app, adminCookie);
  });

  const attackers = [
    // Another site: the browser keeps the Lax cookie back, so the app sees no one signed in.
    { name: 'another site', origin: () => `http://localhost:${attacker.port}`, id: 'csrf-site', refusals: [401, 403, 415] },
    // The same site on another port: the cookie goes along, and only the Origin rule stands.
    { name: 'another origin of the same site', origin: () => `http://127.0.0.1:${attacker.port}`, id: 'csrf-origin', refusals: [403] },
  ];

  for (const { name, origin, id, refusals } of attackers) {
    test(`[SECURITY][CROSS-SITE]: a text/plain form posted from ${name} creates nothing`, async ({ page }) => {
      const counts = await Promise.all(refusals.map(refusedPosts));
      await page.goto(`${origin()}/form`);
      await page.waitForURL(`${app}/api/v1/agents`);

      const after = await Promise.all(refusals.map(refusedPosts));
      expect(after.reduce((a, b) => a + b) - counts.reduce((a, b) => a + b), 'the app answered the post with a refusal').toBe(1);
      expect(await agentExists(`${id}-form`)).toBe(false);
    });

    test(`[SECURITY][CROSS-SITE]: a no-cors fetch from ${name} creates nothing`, async ({ page }) => {
      const counts = await Promise.all(refusals.map(refusedPosts));
      await page.goto(`${origin()}/fetch`);
      // The app's answer is not readable across origins either (Cross-Origin-Resource-Policy).
      expect(await page.evaluate(() => (window as unknown as { attack: Promise<string> }).attack)).toMatch(/^failed: TypeError/);

      await expect.poll(async () => (await Promise.all(refusals.map(refusedPosts))).reduce((a, b) => a + b)).toBe(counts.reduce((a, b) => a + b) + 1);
      expect(await agentExists(`${id}-fetch`)).toBe(false);
    });
  }

  test('[SECURITY][CROSS-SITE]: a page of the app refuses to render inside another site\'s frame', async ({ page, cspViolations }) => {
    const framedAnswer = page.waitForResponse(`${app}/agents`);
    await page.goto(`http://localhost:${attacker.port}/frame`);
    // The app did answer the frame's request; the browser must refuse to show it.
    expect((await framedAnswer).status()).toBe(200);
    await page.waitForLoadState('load');
    const victim = page.frames()[1];
    expect(victim).toBeDefined();
    expect(await victim?.evaluate(() => document.body?.innerText ?? '').catch(() => '')).not.toContain('Tools Admin');
    await expect(page.frameLocator('#victim').getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // The browser says why: the app's frame-ancestors 'none'. That violation is this test's point.
    expect(cspViolations.some((violation) => violation.includes('frame-ancestors'))).toBe(true);
    cspViolations.length = 0;
  });
});
