import type { Locator, Page } from '@playwright/test';

/**
 * Elements that stick out of the viewport on the right or left, except those inside a box that
 * clips or scrolls them sideways (a truncated line, a scrolling table): one description each.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const isClipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width} px)`);
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (isClipped(element)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 3).join('.')}`;
      problems.push(`${label} spans ${Math.round(box.left)}–${Math.round(box.right)} px of ${width}`);
    }
    return problems;
  });
}

/** Waits until the page's web fonts have loaded, so text is measured and drawn in them. */
export async function fontsReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** Whether the element's text breaks inside a word: a line that starts right after a letter, not after a space or separator. */
export async function breaksMidWord(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.textContent ?? '';
      let top = Number.NaN;
      for (let at = 0; at < value.length; at++) {
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        const box = range.getBoundingClientRect();
        if (box.width === 0) continue;
        if (!Number.isNaN(top) && box.top > top + 2 && /\w/.test(value[at - 1] ?? '') && /\w/.test(value[at] ?? '')) return true;
        top = box.top;
      }
    }
    return false;
  });
}
