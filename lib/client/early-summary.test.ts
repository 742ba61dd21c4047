import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_SUMMARY_URL, fetchCatalogueSummary } from '@/lib/catalogue/catalogue-query';
import { earlySummaryScript } from './early-summary';

// The browser's side, in Node: `window` is the global object, and fetch answers from a list.
let answers: Response[];
const fetchMock = vi.fn(async (url: string) => {
  expect(url).toBe(CATALOGUE_SUMMARY_URL);
  const answer = answers.shift();
  if (!answer) throw new Error('no answer left');
  return answer;
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const summary = (name: string) => ({ tools: [{ name, group: 'g', description: '' }], diagnostics: [] });

/** What the catalogue page's inline script does when the browser reads the first HTML. */
function runInlineScript(): void {
  runInThisContext(earlySummaryScript(CATALOGUE_SUMMARY_URL));
}

beforeEach(() => {
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the catalogue summary asked for by the first HTML', () => {
  it('is what the summary query answers first, without a second request; later queries fetch afresh', async () => {
    answers.push(json(summary('early_tool')), json(summary('later_tool')));
    runInlineScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    expect(await fetchCatalogueSummary()).toEqual(summary('early_tool'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await fetchCatalogueSummary()).toEqual(summary('later_tool'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when it failed, the query fetches again and reports the error it gets', async () => {
    answers.push(json({ title: 'Unavailable' }, 503), json({ title: 'Unavailable' }, 503));
    runInlineScript();
    await expect(fetchCatalogueSummary()).rejects.toThrow('The catalogue could not be loaded (HTTP 503).');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when it could not reach the server, the query tries itself', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    answers.push(json(summary('second_try')));
    runInlineScript();
    expect(await fetchCatalogueSummary()).toEqual(summary('second_try'));
  });

  it('is not used once it is older than the catalogue stays current (30 s): the query fetches afresh', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    answers.push(json(summary('old_tool')), json(summary('new_tool')));
    runInlineScript();
    now.mockReturnValue(1_000 + 30_001);
    expect(await fetchCatalogueSummary()).toEqual(summary('new_tool'));
  });

  it('without it (a page reached inside the app, or another page), the query fetches as before', async () => {
    answers.push(json(summary('only_tool')));
    expect(await fetchCatalogueSummary()).toEqual(summary('only_tool'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
