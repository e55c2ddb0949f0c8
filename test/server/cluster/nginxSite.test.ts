import { readFileSync } from 'node:fs';
import { PRODUCTION_SITE, siteForTest } from '../support/nginxSite';

const production = readFileSync(PRODUCTION_SITE, 'utf8');
const options = { port: 41234, backends: ['127.0.0.1:5001', '127.0.0.1:5002'] };

const directives = (text: string, name: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith(`${name} `));

describe('the production nginx site as the tests run it', () => {
  it('takes the test backends, one plain-HTTP loopback listen and no certificate, and keeps every other line', () => {
    const site = siteForTest(production, options);

    expect(directives(site, 'listen')).toEqual(['listen 127.0.0.1:41234;']);
    expect(site).not.toMatch(/^\s*ssl_/m);
    const upstream = /upstream cockpit \{([^}]*)\}/.exec(site)?.[1] ?? '';
    expect(directives(upstream, 'server')).toEqual(['server 127.0.0.1:5001;', 'server 127.0.0.1:5002;']);
    // What the rules leave: the production file's other lines, all of them, in their order.
    const untouched = (text: string) =>
      text.split('\n').filter((line) => !/^\s*(listen\s|ssl_\w+\s|server\s+[\d.]+:\d+;)/.test(line));
    expect(untouched(site)).toEqual(untouched(production));
    expect(directives(production, 'ssl_certificate')).toHaveLength(1);
  });

  it('refuses a file whose lines no longer have the shape its rules expect', () => {
    expect(() => siteForTest(production.replace(/^\s*listen .*$/m, ''), options)).toThrow(/0 listen line/);
    expect(() => siteForTest(production.replace(/^upstream cockpit/m, 'upstream console'), options)).toThrow(/0 upstream server line/);
    expect(() => siteForTest(production, { ...options, backends: [] })).toThrow(/at least one backend/);
  });
});
