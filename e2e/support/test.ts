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
  cspViolations: [
    async ({ context }, use) => {
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
      await use(violations);
      expect(violations, 'the browser reported Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
