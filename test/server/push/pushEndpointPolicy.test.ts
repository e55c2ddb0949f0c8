import type { LookupAddress } from 'node:dns';
import { PushEndpointPolicy, type ResolveHost } from '../../../server/push/PushEndpointPolicy';
import { isPublicAddress } from '../../../server/push/publicAddress';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushServiceHost, parsePushServiceHosts } from '../../../server/push/pushServiceHosts';

/** DNS as the test says: a name not in `answers` does not resolve. */
function fakeDns(answers: Record<string, readonly string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  return Object.assign(resolve, { asked });
}

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8'],
    ['142.250.185.74'],
    ['100.128.0.1'],
    ['2a00:1450:4001:82b::200a'],
    ['2001:4860:4860::8888'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::8.8.8.8'],
  ])('takes %s (public unicast)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2002:7f00:1::1', '6to4'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['100::1', 'discard-only'],
    ['localhost', 'no IP address'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('push service host suffixes', () => {
  it('takes the browsers\' push service hosts by default, and names under a suffix', () => {
    for (const host of [
      'fcm.googleapis.com',
      'android.googleapis.com',
      'updates.push.services.mozilla.com',
      'wns2-par02p.notify.windows.com',
      'web.push.apple.com',
      'fcm.googleapis.com.',
    ]) {
      expect([host, isPushServiceHost(host, DEFAULT_PUSH_SERVICE_HOSTS)]).toEqual([host, true]);
    }
  });

  it('matches whole labels only', () => {
    for (const host of ['evilfcm.googleapis.com', 'fcm.googleapis.com.attacker.example', 'googleapis.com', 'apple.com', 'push.example']) {
      expect([host, isPushServiceHost(host, DEFAULT_PUSH_SERVICE_HOSTS)]).toEqual([host, false]);
    }
  });

  it('reads PUSH_SERVICE_HOSTS: commas, blanks, case, *. and trailing dots', () => {
    expect(parsePushServiceHosts(' FCM.googleapis.com, *.push.apple.com ,.notify.windows.com.,')).toEqual([
      'fcm.googleapis.com',
      'push.apple.com',
      'notify.windows.com',
    ]);
  });

  it.each([
    ['', /at least one/],
    ['com', /two labels/],
    ['*.com', /two labels/],
    ['push.localhost', /name of this machine/],
    ['127.0.0.1', /two labels/],
    ['https://fcm.googleapis.com', /two labels/],
    ['fcm.googleapis.com:443', /two labels/],
    ['push_service.example.com', /two labels/],
  ])('refuses PUSH_SERVICE_HOSTS=%j', (text, message) => {
    expect(() => parsePushServiceHosts(text)).toThrow(message);
  });
});

describe('PushEndpointPolicy.check', () => {
  const dns = fakeDns({
    'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82b::200a'],
    'inward.push.apple.com': ['10.1.2.3'],
    'half.notify.windows.com': ['52.1.2.3', '127.0.0.1'],
    'ula.notify.windows.com': ['fd00::1'],
    'metadata.push.services.mozilla.com': ['169.254.169.254'],
    'empty.push.apple.com': [],
    'push.attacker.example': ['93.184.215.14'],
  });
  const policy = new PushEndpointPolicy({ resolve: dns });

  it('takes an https URL on a push service name whose every address is public', async () => {
    expect(await policy.check('https://fcm.googleapis.com/fcm/send/abc')).toEqual({ accepted: true });
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'not-an-https-url'],
    ['no url', 'not-an-https-url'],
    ['https://127.0.0.1:6443/push', 'ip-address'],
    ['https://169.254.169.254/latest/meta-data/', 'ip-address'],
    ['https://10.0.0.1/push', 'ip-address'],
    ['https://192.168.1.10/push', 'ip-address'],
    ['https://8.8.8.8/push', 'ip-address'],
    ['https://0x7f000001/push', 'ip-address'],
    ['https://2130706433/push', 'ip-address'],
    ['https://0177.0.0.1/push', 'ip-address'],
    ['https://127.1/push', 'ip-address'],
    ['https://[::1]/push', 'ip-address'],
    ['https://[::ffff:127.0.0.1]/push', 'ip-address'],
    ['https://[2a00:1450:4001:82b::200a]/push', 'ip-address'],
    ['https://localhost/push', 'localhost'],
    ['https://LOCALHOST./push', 'localhost'],
    ['https://push.localhost/push', 'localhost'],
    ['https://push.attacker.example/push', 'not-a-push-service'],
    ['https://fcm.googleapis.com.attacker.example/push', 'not-a-push-service'],
    ['https://inward.push.apple.com/push', 'non-public-address'],
    ['https://half.notify.windows.com/w/?token=x', 'non-public-address'],
    ['https://ula.notify.windows.com/w/?token=x', 'non-public-address'],
    ['https://metadata.push.services.mozilla.com/wpush/v2/x', 'non-public-address'],
    ['https://gone.push.apple.com/push', 'unresolvable'],
    ['https://empty.push.apple.com/push', 'unresolvable'],
  ])('refuses %s: %s', async (endpoint, reason) => {
    expect(await policy.check(endpoint)).toEqual({ accepted: false, reason });
  });

  it('asks DNS only about push service names', async () => {
    dns.asked.length = 0;
    await policy.check('https://push.attacker.example/push');
    await policy.check('https://localhost/push');
    expect(dns.asked).toEqual([]);
  });

  it('takes allowedHosts exactly as host[:port], without asking DNS, and nothing next to them', async () => {
    const resolve = fakeDns({ 'push.test': ['127.0.0.1'] });
    const testPolicy = new PushEndpointPolicy({ allowedHosts: ['127.0.0.1:4443', 'Push.Test'], resolve });
    expect(await testPolicy.check('https://127.0.0.1:4443/push/1')).toEqual({ accepted: true });
    expect(await testPolicy.check('https://push.test/push/1')).toEqual({ accepted: true });
    expect(await testPolicy.check('https://push.test:443/push/1')).toEqual({ accepted: true });
    expect(resolve.asked).toEqual([]);
    expect(await testPolicy.check('https://127.0.0.1:4444/push/1')).toEqual({ accepted: false, reason: 'ip-address' });
    expect(await testPolicy.check('https://127.0.0.1/push/1')).toEqual({ accepted: false, reason: 'ip-address' });
    expect(await testPolicy.check('https://push.test:8443/push/1')).toEqual({ accepted: false, reason: 'not-a-push-service' });
    expect(await testPolicy.check('https://sub.push.test/push/1')).toEqual({ accepted: false, reason: 'not-a-push-service' });
    expect(await testPolicy.check('http://127.0.0.1:4443/push/1')).toEqual({ accepted: false, reason: 'not-an-https-url' });
  });

  it('refuses allowedHosts that are no host[:port]', () => {
    expect(() => new PushEndpointPolicy({ allowedHosts: ['https://push.test'] })).toThrow(/no host\[:port\]/);
    expect(() => new PushEndpointPolicy({ allowedHosts: ['push.test/path'] })).toThrow(/no host\[:port\]/);
  });
});

describe('PushEndpointPolicy.connectionLookup (the sockets\' own resolution)', () => {
  const policy = new PushEndpointPolicy({
    allowedHosts: ['push.test:4443'],
    resolve: fakeDns({
      'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82b::200a'],
      'rebound.push.apple.com': ['17.0.0.1', '127.0.0.1'],
      'push.test': ['127.0.0.1'],
    }),
  });
  const lookUp = (hostname: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) => {
      policy.connectionLookup(hostname, options, (error, address, family) => resolve({ error, address, family }));
    });

  it('answers a public name\'s addresses, all or one of the family asked for', async () => {
    expect(await lookUp('fcm.googleapis.com', { all: true })).toEqual({
      error: null,
      address: [
        { address: '142.250.185.74', family: 4 },
        { address: '2a00:1450:4001:82b::200a', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookUp('fcm.googleapis.com', { family: 6 })).toEqual({ error: null, address: '2a00:1450:4001:82b::200a', family: 6 });
  });

  it('fails the connection when any address is not public', async () => {
    const { error } = await lookUp('rebound.push.apple.com', { all: true });
    expect(error?.code).toBe('ENONPUBLIC');
  });

  it('passes the names of allowedHosts', async () => {
    expect(await lookUp('push.test', {})).toEqual({ error: null, address: '127.0.0.1', family: 4 });
  });

  it('passes DNS errors on', async () => {
    expect((await lookUp('gone.push.apple.com', {})).error?.code).toBe('ENOTFOUND');
  });
});
