import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuditLog } from '#contract/audit-log';
import { createWorkspace, completeLogin } from '#contract/workspace-access';
import { getWorkspace } from '#contract/workspace';
import { limitsOn, uniqueEmail } from '../testing/fixtures';
import { loginCodeFor } from '../testing/session-fixtures';
import { type TestService, startTestService } from '../testing/test-service';

/*
 * TRUST_PROXY decides whose X-Forwarded-* the service believes. The tests' client connects from
 * 127.0.0.1, so it is a trusted proxy for `1` and `loopback`, and a client like any other for an
 * unset TRUST_PROXY and for a list of other addresses.
 */
const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

const settings = { unset: undefined, hop: '1', loopback: 'loopback', elsewhere: '10.0.0.0/8' };
type Setting = keyof typeof settings;
const trusted: Record<Setting, boolean> = {
  unset: false,
  hop: true,
  loopback: true,
  elsewhere: false,
};

const services = {} as Record<Setting, TestService>;
beforeAll(async () => {
  const first = await startTestService();
  services.unset = first;
  for (const setting of ['hop', 'loopback', 'elsewhere'] as const) {
    services[setting] = await startTestService({
      database: first.database,
      env: { TRUST_PROXY: settings[setting] ?? '' },
    });
  }
});
afterAll(async () => {
  for (const setting of ['hop', 'loopback', 'elsewhere'] as const) await services[setting].close();
  await services.unset.close();
});

describe.each(Object.keys(settings) as Setting[])('TRUST_PROXY %s', (setting) => {
  const believes = trusted[setting];

  it(`${believes ? 'records' : 'ignores'} the forwarded client address in the audit log`, async () => {
    const svc = services[setting];
    const created = await svc.call(
      createWorkspace,
      { ownerEmail: uniqueEmail() },
      { headers: forwarded },
    );
    const credentials = {
      kind: 'workspace' as const,
      id: created.data.id,
      token: created.data.authToken,
    };
    const log = await svc.call(getAuditLog, {}, { credentials });
    const entry = log.data.find((e) => e.action === createWorkspace.name);
    expect(entry?.actor.ip).toBe(believes ? '203.0.113.7' : '127.0.0.1');
  });

  it(`${believes ? 'marks' : 'does not mark'} the session cookie Secure and sends HSTS for a forwarded https`, async () => {
    const svc = services[setting];
    const email = uniqueEmail();
    await svc.call(createWorkspace, { ownerEmail: email });
    const code = await loginCodeFor(svc, email);
    const reply = await svc.send(completeLogin, { oobCode: code }, { headers: forwarded });
    expect(reply.status).toBe(200);
    const cookie = reply.headers.getSetCookie()[0] ?? '';
    expect(/; Secure/.test(cookie)).toBe(believes);
    expect(reply.headers.get('strict-transport-security') !== null).toBe(believes);
  });
});

describe('per-address limits behind a trusted proxy', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({
      env: limitsOn({ TRUST_PROXY: '1', RATE_LIMIT_AUTH_FAILURES_ADDRESS_MAX: '3' }),
    });
  });
  afterAll(() => svc.close());

  it('count each forwarded client apart: one guessing does not lock out the next', async () => {
    const guess = (from: string) =>
      svc.send(
        getWorkspace,
        {},
        {
          headers: { 'x-forwarded-for': from },
          credentials: { kind: 'workspace', id: 'ws_doesNotExist00000Ab', token: 'wrong' },
        },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await guess('198.51.100.1')).status);
    // Three refusals, then the address itself is refused.
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect((await guess('198.51.100.2')).status).not.toBe(429);
  });
});

describe('the setting', () => {
  it.each([
    ['true', /would believe any client/],
    ['11', /at most 10 proxies/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is neither an address nor a range/],
    ['proxy.example.com', /"proxy.example.com" is neither/],
  ])('refuses TRUST_PROXY=%s at start', async (value, message) => {
    await expect(startTestService({ env: { TRUST_PROXY: value } })).rejects.toThrow(message);
  });
});
