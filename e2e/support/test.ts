import { test as base, expect, type ConsoleMessage } from '@playwright/test';

export { expect };

/** Whether a console message is the browser reporting a Content Security Policy violation. */
function isCspViolation(message: ConsoleMessage): boolean {
  return /Content Security Policy|Content-Security-Policy/i.test(message.text());
}

/**
 * Playwright's `test`, with one more check on every test that opens a page: the browser
 * reported no Content Security Policy violation (a script, style or request the app's CSP
 * blocked), so RJSF forms, prefetched data and the theme all run under the policy.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  // API calls made as the signed-in admin carry the session cookie, so their writes must name
  // the app's origin, as its own pages do (the front door refuses cookie writes without it).
  request: async ({ playwright, baseURL, storageState, extraHTTPHeaders }, provide) => {
    const context = await playwright.request.newContext({
      baseURL,
      storageState,
      extraHTTPHeaders: { ...extraHTTPHeaders, ...(baseURL ? { origin: new URL(baseURL).origin } : {}) },
    });
    await provide(context);
    await context.dispose();
  },
  cspViolations: [
    async ({ context }, provide) => {
      const violations: string[] = [];
      // The browser fires this event for every blocked script, eval, style or request, even
      // when the page catches the error (as a validator that falls back might).
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
        });
      });
      const watch = (page: import('@playwright/test').Page) => {
        page.on('console', (message) => {
          if (isCspViolation(message)) violations.push(`${page.url()}: ${message.text()}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await provide(violations);
      expect(violations, 'the browser reported Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
