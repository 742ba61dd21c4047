import type { Page } from '@playwright/test';

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
