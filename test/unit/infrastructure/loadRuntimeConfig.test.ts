import { LAST_CONFIG_KEY, loadRuntimeConfig } from '../../../src/infrastructure/config/loadRuntimeConfig';

const CONFIG = { release: '2026.11.1', productionHost: 'cockpit.example.com', apiBase: '/api', telemetryBase: '', vapidPublicKey: 'BKey' };

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
});
