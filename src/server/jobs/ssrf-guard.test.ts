import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import {
  createAdvancedWebhookEndpoint,
  getAdvancedWebhookEndpoints,
  updateAdvancedWebhookEndpoint,
} from '#contract/webhooks';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import { blockedKind, checkLiteralHost } from './ssrf-guard';

type RangeSpec = [ipaddr.IPv4 | ipaddr.IPv6, number];
/** ipaddr.js's own table of special-purpose ranges (not in its typings). */
function specialRanges(kind: 'IPv4' | 'IPv6'): [string, RangeSpec][] {
  const table = (ipaddr[kind].prototype as unknown as { SpecialRanges: object }).SpecialRanges;
  return Object.entries(table as Record<string, RangeSpec | RangeSpec[]>).flatMap(([name, spec]) =>
    (Array.isArray(spec[0]) ? (spec as RangeSpec[]) : [spec as RangeSpec]).map(
      (one): [string, RangeSpec] => [name, one],
    ),
  );
}

/** The range's first address and, where there is one, its last. */
function edges([network, bits]: RangeSpec): string[] {
  const first = network.toString();
  const width = network.kind() === 'ipv4' ? 32 : 128;
  if (bits === width) return [first];
  const bytes = network.toByteArray();
  const hostBits = width - bits;
  for (let i = bytes.length - 1, left = hostBits; left > 0; i -= 1, left -= 8) {
    bytes[i] = (bytes[i] ?? 0) | (0xff >> Math.max(0, 8 - left));
  }
  return [first, ipaddr.fromByteArray(bytes).toString()];
}

describe('blockedKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'reserved (documentation, benchmarking or future use)'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    // An IPv6 address that carries an IPv4 address is judged by it.
    ['::7f00:1', 'loopback'], // IPv4-compatible ::127.0.0.1, as a URL writes [::127.0.0.1]
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::a9fe:a9fe', 'link-local'],
    ['::6440:1', 'carrier-grade NAT'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::c0a8:101', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe:1::5', 'link-local'],
    ['2001:0:a00:1::f7f7:f7f7', 'private'], // Teredo server 10.0.0.1
    ['2001:0:808:808::f5ff:fffe', 'private'], // Teredo client 10.0.0.1 (stored inverted)
    ['2001:0:808:808::80ff:fffe', 'loopback'], // Teredo client 127.0.0.1
    ['2001::1', 'unspecified'], // Teredo server 0.0.0.0
    ['64:ff9b:1::808:808', 'NAT64 (local use)'],
    // The gaps of the hand-made list this replaced:
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['::ffff:0:808:808', 'IPv4-translated'],
    ['64:ff9b:1::a00:1', 'NAT64 (local use)'],
    ['100::1', 'discard-only'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['5f00::1', 'segment routing'],
    ['192.0.2.1', 'reserved (documentation, benchmarking or future use)'],
    ['198.51.100.7', 'reserved (documentation, benchmarking or future use)'],
    ['203.0.113.200', 'reserved (documentation, benchmarking or future use)'],
    ['2001:db8::1', 'reserved (documentation, benchmarking or future use)'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(blockedKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.128.0.1',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    // The IPv4-in-IPv6 forms of a public address: what DNS64 answers for an IPv4-only host.
    '::808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808::f7f7:f7f7',
  ])('lets the public address %s through', (address) => {
    expect(blockedKind(address)).toBeUndefined();
  });

  it.each([...specialRanges('IPv4'), ...specialRanges('IPv6')])(
    'refuses both ends of ipaddr.js’s range %s %o',
    (_name, range) => {
      for (const address of edges(range)) expect(blockedKind(address), address).toBeDefined();
    },
  );

  it('checks literal hosts, bracketed IPv6 included', () => {
    expect(() => checkLiteralHost('[::1]')).toThrow(/loopback/);
    expect(() => checkLiteralHost('127.0.0.1')).toThrow(/127\.0\.0\.1 is a loopback address/);
    expect(() => checkLiteralHost(new URL('http://[::127.0.0.1]:9120/').hostname)).toThrow(
      '::7f00:1 is a loopback address (127.0.0.1 in IPv4-compatible form)',
    );
    expect(() => checkLiteralHost('example.com')).not.toThrow();
  });
});

/** Targets that address this host or its networks, as a URL with the receiver's port. */
const privateTargets = [
  ['an IP literal', '127.0.0.1'],
  ['an IPv4-mapped IPv6 literal', '[::ffff:127.0.0.1]'],
  ['an IPv4-compatible IPv6 literal', '[::127.0.0.1]'],
  ['a NAT64 literal', '[64:ff9b::127.0.0.1]'],
  ['a 6to4 literal', '[2002:7f00:1::1]'],
  ['a Teredo literal', '[2001:0:808:808::80ff:fffe]'],
  ['localhost', 'localhost'],
  ['a name below localhost', 'hooks.localhost.'],
] as const;

describe('endpoints with WEBHOOK_ALLOW_PRIVATE=false', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await svc.close();
  });

  it.each(privateTargets)(
    'refuses %s at create and at update, and stores nothing',
    async (_what, host) => {
      const fx = await createWorkspaceFixture(svc);
      await webhooksOf(fx).enable();
      const url = `http://${host}:9120/hook`;
      const created = await fx.send(createAdvancedWebhookEndpoint, { url });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
      expect(JSON.stringify(created.body)).toMatch(
        /url must be a public address: .* Private targets need WEBHOOK_ALLOW_PRIVATE=true\./,
      );
      const ep = (
        await fx.send(createAdvancedWebhookEndpoint, { url: 'https://hooks.example.com/in' })
      ).body.result.data;
      const updated = await fx.send(updateAdvancedWebhookEndpoint, { endpointId: ep.id, url });
      expect(updated.body).toEqual(created.body);
      const listed = (await fx.send(getAdvancedWebhookEndpoints)).body.result.data.endpoints;
      expect(listed.map((e) => e.url)).toEqual(['https://hooks.example.com/in']);
    },
  );
});

describe('delivery with WEBHOOK_ALLOW_PRIVATE=false', () => {
  /** Where the targets were stored: a service of the same database that allowed them then. */
  let before: TestService;
  let svc: TestService;
  let rx: Receiver;
  beforeAll(async () => {
    const SVC_MASTER_KEY = randomBytes(32).toString('base64');
    before = await startTestService({
      env: { SVC_MASTER_KEY, WEBHOOK_ALLOW_PRIVATE: 'true' },
      webhookWorker: { background: false },
    });
    svc = await startTestService({
      database: before.database,
      env: { SVC_MASTER_KEY, WEBHOOK_ALLOW_PRIVATE: 'false' },
      webhookWorker: { background: false },
    });
    rx = await startReceiver();
  });
  afterAll(async () => {
    await svc.close();
    await before.close();
    await rx.close();
  });

  /** An endpoint stored while private targets were allowed, and a comment for it to deliver. */
  async function storedEndpoint(url: string) {
    const fx = await createWorkspaceFixture(before);
    const stored = webhooksOf(fx);
    await stored.enable();
    const ep = await stored.createEndpoint({ url, filterTypes: ['comment.add'] });
    const wh = webhooksOf(svc.client([fx.credentials.apiKey]));
    await wh.addComments('org-1', ['private']);
    return { wh, ep };
  }

  it.each(privateTargets.filter(([, host]) => !host.includes('localhost')))(
    'refuses %s and records why',
    async (_what, host) => {
      const { wh, ep } = await storedEndpoint(rx.url.replace('127.0.0.1', host));
      await svc.app.webhookWorker.runOnce();
      expect(rx.received).toHaveLength(0);
      const [message] = (await wh.messages(ep.id)).messages;
      expect(message?.status).toBe('pending');
      expect(message?.attempts[0]?.responseStatus).toBeNull();
      expect(message?.attempts[0]?.error).toMatch(
        /^Refused to deliver: .* is a loopback address( \(127\.0\.0\.1 in .* form\))?\. Private targets need WEBHOOK_ALLOW_PRIVATE=true\.$/,
      );
    },
  );

  it('refuses a name without telling the tenant which address it resolves to', async () => {
    const { wh, ep } = await storedEndpoint(rx.url.replace('127.0.0.1', 'localhost'));
    await svc.app.webhookWorker.runOnce();
    const [message] = (await wh.messages(ep.id)).messages;
    const error = message?.attempts[0]?.error ?? '';
    expect(error).toBe(
      'Refused to deliver: localhost does not resolve to public addresses only. Private targets need WEBHOOK_ALLOW_PRIVATE=true.',
    );
    expect(error).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
