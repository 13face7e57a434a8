import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ALLOWED_DOMAINS,
  MAX_DOMAINS_PER_CALL,
  addDomains,
  deleteDomains,
  getDomains,
} from '#contract/allowed-domains';
import { createApiKey, getAuthTokens, resetAuthToken } from '#contract/api-keys';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });
const success = (message: string, data: unknown) => ({
  result: { status: 'success', message, data },
});

describe('Add Domains', () => {
  it('stores each entry as its bare domain and answers them in the order given', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(addDomains, {
      domains: ['https://www.Google.com/search?q=1', 'https://*.firebase.com', 'localhost:3000'],
    });
    expect(reply.body).toEqual(
      success('Domain(s) added successfully to allowed domains.', {
        domainsAdded: ['google.com', '*.firebase.com', 'localhost'],
      }),
    );
    const listed = await fx.send(getDomains, {});
    expect(listed.body).toEqual(
      success('Allowed domains retrieved successfully.', {
        allowedDomains: ['*.firebase.com', 'google.com', 'localhost'],
      }),
    );
  });

  it('answers the domains already allowed as skipped, in a success', async () => {
    const fx = await createWorkspaceFixture(svc);
    await fx.call(addDomains, { domains: ['google.com'] });
    const reply = await fx.send(addDomains, {
      domains: ['velt.dev', 'https://www.google.com', 'velt.dev/path'],
    });
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 200,
      body: success('Domain(s) added successfully to allowed domains. Skipped existing domains.', {
        domainsAdded: ['velt.dev'],
        skippedDomains: ['google.com'],
      }),
    });
    const again = await fx.call(addDomains, { domains: ['google.com'] });
    expect(again).toMatchObject({
      message: 'No domain added: every domain given is already allowed.',
      data: { domainsAdded: [], skippedDomains: ['google.com'] },
    });
  });

  it('refuses a call with an invalid entry, naming it, and adds none of the others', async () => {
    const fx = await createWorkspaceFixture(svc);
    const cases: [unknown, string][] = [
      [
        { domains: ['example.com', 'https://exa mple.org'] },
        'data.domains[1] must be a domain such as example.com or *.example.com, not "https://exa mple.org"',
      ],
      [
        { domains: ['*.com'] },
        'data.domains[0] must be a domain such as example.com or *.example.com, not "*.com"',
      ],
      [{ domains: [] }, 'data.domains must not be empty'],
      [
        { domains: Array.from({ length: MAX_DOMAINS_PER_CALL + 1 }, (_, i) => `d${i}.example`) },
        `data.domains must have at most ${MAX_DOMAINS_PER_CALL} items`,
      ],
    ];
    for (const [data, message] of cases) {
      const reply = await fx.send(addDomains, data);
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 400,
        body: error('INVALID_ARGUMENT', message),
      });
    }
    expect((await fx.call(getDomains, {})).data.allowedDomains).toEqual([]);
  });

  it(`allows at most ${MAX_ALLOWED_DOMAINS} domains a key, refusing the call that would pass it whole`, async () => {
    const fx = await createWorkspaceFixture(svc);
    const batches = MAX_ALLOWED_DOMAINS / MAX_DOMAINS_PER_CALL;
    for (let b = 0; b < batches; b++) {
      const domains = Array.from({ length: MAX_DOMAINS_PER_CALL }, (_, i) => `d${b}-${i}.example`);
      await fx.call(addDomains, { domains });
    }
    const reply = await fx.send(addDomains, { domains: ['d0-0.example', 'one-more.example'] });
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 429,
      body: error(
        'RESOURCE_EXHAUSTED',
        `An API key may allow at most ${MAX_ALLOWED_DOMAINS} domains.`,
      ),
    });
    const listed = (await fx.call(getDomains, {})).data.allowedDomains;
    expect(listed).toHaveLength(MAX_ALLOWED_DOMAINS);
    expect(listed).not.toContain('one-more.example');
    // A call that adds nothing new is no step past the bound.
    const skipped = await fx.call(addDomains, { domains: ['d0-0.example'] });
    expect(skipped.data).toEqual({ domainsAdded: [], skippedDomains: ['d0-0.example'] });
  });
});

describe('Delete Domains', () => {
  it('removes the domains allowed and answers the others as skipped', async () => {
    const fx = await createWorkspaceFixture(svc);
    await fx.call(addDomains, { domains: ['a.example', 'b.example', '*.c.example'] });
    const reply = await fx.send(deleteDomains, {
      domains: ['https://www.a.example/', 'https://*.c.example', 'z.example'],
    });
    expect(reply.body).toEqual(
      success(
        'Domain(s) removed successfully from allowed domains. Skipped non-existing domains.',
        { domainsRemoved: ['a.example', '*.c.example'], skippedDomains: ['z.example'] },
      ),
    );
    expect((await fx.call(getDomains, {})).data.allowedDomains).toEqual(['b.example']);
  });
});

describe('the effect: a key’s auth tokens carry its allowed domains', () => {
  it('in Get Auth Tokens and Reset Auth Token, for that key alone', async () => {
    const fx = await createWorkspaceFixture(svc);
    const other = (await fx.call(createApiKey, { type: 'testing' })).data.apiKey;
    const tokensOf = async (apiKey: string) =>
      (await fx.call(getAuthTokens, { apiKey })).data.authTokens.map((t) => t.domains);
    expect(await tokensOf(fx.apiKey)).toEqual([[]]);

    await fx.call(addDomains, { domains: ['https://www.example.com', '*.example.org'] });
    expect(await tokensOf(fx.apiKey)).toEqual([['*.example.org', 'example.com']]);
    expect(await tokensOf(other)).toEqual([[]]);

    const reset = await fx.call(resetAuthToken, { apiKey: fx.apiKey });
    expect(reset.data.newAuthToken.domains).toEqual(['*.example.org', 'example.com']);

    // The reset token is the key's credential now: removing through it shows in the tokens.
    const client = svc.client([
      fx.credentials.workspace,
      { kind: 'apiKey', id: fx.apiKey, token: reset.data.newAuthToken.token },
    ]);
    await client.call(deleteDomains, { domains: ['example.com'] });
    expect(await tokensOf(fx.apiKey)).toEqual([['*.example.org']]);
  });
});
