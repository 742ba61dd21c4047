import { dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deserializeData, makeBrowserQueryClient, makeServerQueryClient, serializeData } from './query-clients';

describe('query data from server to browser', () => {
  it('arrives in the browser as the object the server prefetched', async () => {
    const server = makeServerQueryClient();
    await server.prefetchQuery({ queryKey: ['catalogue', 'summary'], queryFn: () => ({ tools: [{ name: 'word_count' }], diagnostics: [] }) });
    const browser = makeBrowserQueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));

    expect(browser.getQueryData(['catalogue', 'summary'])).toEqual({ tools: [{ name: 'word_count' }], diagnostics: [] });
  });

  it('leaves a query whose data is a string as that string, even one that looks like JSON', () => {
    expect(deserializeData('{"a":1}')).toBe('{"a":1}');
    expect(deserializeData('not json')).toBe('not json');
    expect(deserializeData(deserializeData(serializeData('"quoted"')))).toBe('"quoted"');
  });
});
