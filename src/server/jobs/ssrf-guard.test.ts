import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../testing/test-service';
import { endpointFixture } from '../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import { blockedKind, checkLiteralHost } from './ssrf-guard';

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
    ['64:ff9b::c0a8:101', 'NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['2001::1', 'Teredo'],
    // The gaps of the hand-made list this replaced:
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['::ffff:0:808:808', 'IPv4-translated'],
    ['64:ff9b:1::a00:1', 'NAT64'],
    ['192.0.2.1', 'reserved (documentation, benchmarking or future use)'],
    ['198.51.100.7', 'reserved (documentation, benchmarking or future use)'],
    ['203.0.113.200', 'reserved (documentation, benchmarking or future use)'],
    ['2001:db8::1', 'reserved (documentation, benchmarking or future use)'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(blockedKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(blockedKind(address)).toBeUndefined();
    },
  );

  it('checks literal hosts, bracketed IPv6 included', () => {
    expect(() => checkLiteralHost('[::1]')).toThrow(/loopback/);
    expect(() => checkLiteralHost('127.0.0.1')).toThrow(/127\.0\.0\.1 is a loopback address/);
    expect(() => checkLiteralHost('example.com')).not.toThrow();
  });
});

describe('delivery with WEBHOOK_ALLOW_PRIVATE=false', () => {
  let svc: TestService;
  let rx: Receiver;
  beforeAll(async () => {
    svc = await startTestService({
      env: { WEBHOOK_ALLOW_PRIVATE: 'false' },
      webhookWorker: { background: false },
    });
    rx = await startReceiver();
  });
  afterAll(async () => {
    await svc.close();
    await rx.close();
  });

  it.each([
    ['an IP literal', (url: string) => url],
    [
      'an IPv4-mapped IPv6 literal',
      (url: string) => url.replace('127.0.0.1', '[::ffff:127.0.0.1]'),
    ],
  ])('refuses %s and records why', async (_what, target) => {
    const { wh, ep } = await endpointFixture(svc, {
      url: target(rx.url),
      filterTypes: ['comment.add'],
    });
    await wh.addComments('org-1', ['private']);
    await svc.app.webhookWorker.runOnce();
    expect(rx.received).toHaveLength(0);
    const [message] = (await wh.messages(ep.id)).messages;
    expect(message?.status).toBe('pending');
    expect(message?.attempts[0]?.responseStatus).toBeNull();
    expect(message?.attempts[0]?.error).toMatch(
      /^Refused to deliver: .* is a loopback address\. Private targets need WEBHOOK_ALLOW_PRIVATE=true\.$/,
    );
  });

  it('refuses a name without telling the tenant which address it resolves to', async () => {
    const { wh, ep } = await endpointFixture(svc, {
      url: rx.url.replace('127.0.0.1', 'localhost'),
      filterTypes: ['comment.add'],
    });
    await wh.addComments('org-1', ['private']);
    await svc.app.webhookWorker.runOnce();
    const [message] = (await wh.messages(ep.id)).messages;
    const error = message?.attempts[0]?.error ?? '';
    expect(error).toBe(
      'Refused to deliver: localhost does not resolve to public addresses only. Private targets need WEBHOOK_ALLOW_PRIVATE=true.',
    );
    expect(error).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
