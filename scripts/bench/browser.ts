import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { NextServer } from '../../e2e/support/next-server';

const debianChromium = '/usr/bin/chromium';

/** Chromium as the e2e tests launch it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: existsSync(debianChromium) ? debianChromium : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface PageLoad {
  /** Navigation start to the list hydrated and interactive (the page's `catalogue:interactive` mark). */
  interactiveMs: number;
  /** Navigation start to the first contentful paint (server-rendered rows included). */
  firstPaintMs: number;
  /** Tool rows in the DOM once interactive. */
  rows: number;
}

/** Loads the catalogue in a fresh context (cold HTTP cache), signed in, and reads its timings. */
export async function measurePageLoad(browser: Browser, server: NextServer): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await server.signIn(context);
  const page = await context.newPage();
  try {
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0);
    return await page.evaluate(() => ({
      interactiveMs: performance.getEntriesByName('catalogue:interactive')[0]!.startTime,
      firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      rows: document.querySelectorAll('[data-catalogue-list] li').length,
    }));
  } finally {
    await context.close();
  }
}

/**
 * Presses `keys` (characters or key names such as "Backspace") in the emptied search box one at a
 * time, `pauseMs` apart, and returns for each key the time from the keydown event to the first
 * animation frame after the list shows its result (the list's `data-query` attribute, set in the
 * same commit as the rows, equals the box's value).
 */
export async function measureKeystrokes(
  page: Page,
  keys: readonly string[],
  pauseMs: number,
  {
    boxName = 'Search tools',
    listSelector = '[data-catalogue-list]',
    keepsText = false,
  }: { boxName?: string; listSelector?: string; /** Start from the text already in the box (to measure Backspace). */ keepsText?: boolean } = {},
): Promise<number[]> {
  const box = page.getByRole('searchbox', { name: boxName });
  if (!keepsText) {
    await box.fill('');
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-query') === '', listSelector);
  }
  await box.focus();
  // tsx compiles this file keeping function names through a `__name` helper, which the page lacks.
  await page.evaluate('window.__name = (fn) => fn');
  await page.evaluate((selector) => {
    const list = document.querySelector(selector)!;
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const state = window as unknown as { keyAt?: number; latencies: number[]; stopMeasuring?: () => void };
    state.latencies = [];
    state.keyAt = undefined;
    const onKeyDown = (event: KeyboardEvent) => (state.keyAt = event.timeStamp);
    input.addEventListener('keydown', onKeyDown, { capture: true });
    const observer = new MutationObserver(() => {
      const keyAt = state.keyAt;
      if (keyAt === undefined || list.getAttribute('data-query') !== input.value) return;
      state.keyAt = undefined;
      requestAnimationFrame(() => state.latencies.push(performance.now() - keyAt));
    });
    observer.observe(list, { attributes: true, attributeFilter: ['data-query'] });
    state.stopMeasuring = () => {
      observer.disconnect();
      input.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, listSelector);
  for (const [index, key] of keys.entries()) {
    await page.keyboard.press(key);
    await page.waitForFunction((count) => (window as unknown as { latencies: number[] }).latencies.length >= count, index + 1);
    await page.waitForTimeout(pauseMs);
  }
  return page.evaluate(() => {
    const state = window as unknown as { latencies: number[]; stopMeasuring: () => void };
    state.stopMeasuring();
    return state.latencies;
  });
}
