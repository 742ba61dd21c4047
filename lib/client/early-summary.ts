/**
 * The catalogue page's summary, asked for while the page's HTML is still being read rather than
 * once React has hydrated: at 10,000 tools its download and JSON parsing (about 150 ms) then
 * overlap the loading of the page's scripts instead of following it. An inline script in the
 * first HTML starts it ({@link earlySummaryScript}); the summary query takes that answer once
 * ({@link takeEarlySummary}). React does not run a script it renders in the browser, so a
 * client-side navigation to the page fetches the summary the usual way.
 */

/** Where the inline script leaves its answer (on `window`). */
const KEY = '__toolsAdminEarlySummary';

/** What the inline script leaves: when it asked, and the parsed body, or the failure to let the query's own fetch report. */
interface EarlySummary {
  /** `performance.now()` when the request was made. */
  at: number;
  answer: Promise<{ body?: unknown }>;
}

/** The inline script's text: a GET of `url` with the page's credentials, parsed as JSON. */
export function earlySummaryScript(url: string): string {
  // Plain ES5 in a string: it runs before any of the page's bundles, outside them.
  return `window[${JSON.stringify(KEY)}]={at:performance.now(),answer:fetch(${JSON.stringify(url)}).then(function(r){return r.ok?r.json().then(function(b){return{body:b}}):{}}).catch(function(){return{}})};`;
}

/**
 * The early answer, once: undefined when there is none, it was taken already, or it was asked for
 * more than `maxAgeMs` ago (then the caller fetches afresh, as it would for data that old).
 * The answer's body is undefined when that request failed: the caller's own fetch then reports why.
 */
export function takeEarlySummary(maxAgeMs: number): Promise<{ body?: unknown }> | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as Record<string, EarlySummary | undefined>;
  const early = holder[KEY];
  if (!early) return undefined;
  delete holder[KEY];
  return performance.now() - early.at <= maxAgeMs ? early.answer : undefined;
}
