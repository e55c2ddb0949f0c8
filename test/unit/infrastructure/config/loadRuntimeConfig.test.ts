import { LAST_CONFIG_KEY, loadRuntimeConfig } from '../../../../src/infrastructure/config/loadRuntimeConfig';

const CONFIG = { release: '2026.11.1', productionHost: 'cockpit.example.com', apiBase: '/api', telemetryBase: '', vapidPublicKey: 'BKey', sessionIdleMinutes: 30 };

const answering = (status: number, body: unknown) =>
  // jsdom has no Response: the part of it that is read.
  jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body })) as unknown as typeof fetch;
const offline = jest.fn(async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

describe('loadRuntimeConfig', () => {
  beforeEach(() => localStorage.clear());

  it('reads /config.json without the HTTP cache and remembers it', async () => {
    const fetchFn = answering(200, CONFIG);
    await expect(loadRuntimeConfig(fetchFn, localStorage)).resolves.toEqual(CONFIG);
    expect(fetchFn).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
    expect(JSON.parse(localStorage.getItem(LAST_CONFIG_KEY)!)).toEqual(CONFIG);
  });

  it('starts with the remembered configuration when the network fails', async () => {
    await loadRuntimeConfig(answering(200, CONFIG), localStorage);
    await expect(loadRuntimeConfig(offline, localStorage)).resolves.toEqual(CONFIG);
  });

  it('fails when the network fails and nothing (or garbage) is remembered', async () => {
    await expect(loadRuntimeConfig(offline, localStorage)).rejects.toThrow('Failed to fetch');
    localStorage.setItem(LAST_CONFIG_KEY, '{broken');
    await expect(loadRuntimeConfig(offline, localStorage)).rejects.toThrow('Failed to fetch');
  });

  it('does not stand in for an answer of the server that is not OK', async () => {
    await loadRuntimeConfig(answering(200, CONFIG), localStorage);
    await expect(loadRuntimeConfig(answering(503, {}), localStorage)).rejects.toThrow('/config.json answered 503');
  });

  describe('with the configuration in the page', () => {
    const EMBEDDED = { ...CONFIG, release: '2026.11.2', vapidPublicKey: 'BNewKey' };

    /** A page as the backend writes it: the configuration as a JSON data block, `<` escaped. */
    function pageWith(text: string): Document {
      const page = document.implementation.createHTMLDocument('Order Cockpit');
      const block = page.createElement('script');
      block.id = 'cockpit-config';
      block.type = 'application/json';
      block.textContent = text;
      page.head.append(block);
      return page;
    }

    it('takes it from the page without a request and remembers it', async () => {
      const fetchFn = answering(200, CONFIG);
      const page = pageWith(JSON.stringify({ ...EMBEDDED, release: '2026.11.2<b>' }).replaceAll('<', '\\u003c'));

      await expect(loadRuntimeConfig(fetchFn, localStorage, page)).resolves.toEqual({ ...EMBEDDED, release: '2026.11.2<b>' });
      expect(fetchFn).not.toHaveBeenCalled();
      expect(JSON.parse(localStorage.getItem(LAST_CONFIG_KEY)!)).toEqual({ ...EMBEDDED, release: '2026.11.2<b>' });
    });

    it('prefers the page over what is remembered (the cached shell started offline holds its own release\'s configuration)', async () => {
      await loadRuntimeConfig(answering(200, CONFIG), localStorage);
      const fetchFn = answering(503, {});
      await expect(loadRuntimeConfig(fetchFn, localStorage, pageWith(JSON.stringify(EMBEDDED)))).resolves.toEqual(EMBEDDED);
      expect(fetchFn).not.toHaveBeenCalled();
    });

    it.each([
      ['no block', null],
      ['an empty block', ''],
      ['a block that is not JSON', '{"release":'],
      ['a block that is no object', '["2026.11.2"]'],
    ])('falls back to /config.json when the page has %s', async (_case, text) => {
      const page = text === null ? document.implementation.createHTMLDocument('Order Cockpit') : pageWith(text);
      const fetchFn = answering(200, CONFIG);

      await expect(loadRuntimeConfig(fetchFn, localStorage, page)).resolves.toEqual(CONFIG);
      expect(fetchFn).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
    });

    it('falls back to the remembered configuration when the page has none and the network fails', async () => {
      await loadRuntimeConfig(answering(200, CONFIG), localStorage);
      await expect(loadRuntimeConfig(offline, localStorage, document.implementation.createHTMLDocument(''))).resolves.toEqual(CONFIG);
    });
  });
});
