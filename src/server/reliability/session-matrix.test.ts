import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '#contract/endpoint';
import { allEndpoints } from '#contract/endpoints';
import { type ErrorStatus, errorHttpStatus } from '#contract/errors';
import {
  type Credentials,
  type SessionCredentials,
  sessionCookieName,
} from '#contract/credentials';
import { refusalMessage, roleTable } from '#contract/role-table';
import { type Role, isMasked, roles } from '#contract/roles';
import { adminCases } from '#contract/testing/admin-cases';
import { dataCases } from '#contract/testing/data-cases';
import { signOut } from '#contract/sessions';
import { createAdvancedWebhookEndpoint, updateAdvancedWebhookConfig } from '#contract/webhooks';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../testing/fixtures';
import {
  type SignedInPerson,
  addMember,
  removeMember,
  sessionOnly,
  signIn,
} from '../testing/session-fixtures';
import { type Reply, type TestService, startTestService } from '../testing/test-service';

/**
 * Every endpoint × every way a person's session can come (owner, admin, viewer, a removed member,
 * an expired and a revoked session, a foreign Origin, no custom header) and the two tokens,
 * compared with the contract's role table (`roleTable()`): what the table allows is not refused
 * for who the caller is (it may still fail on the sample body), what it refuses is
 * PERMISSION_DENIED naming the role, and the secrets it masks come back masked. The people are
 * made once, and signed in through the login link.
 */
const HOUR = 60 * 60 * 1000;
let now = Date.parse('2026-04-01T09:00:00.000Z');
let svc: TestService;
let fx: WorkspaceFixture;
const people = {} as Record<Role | 'removed' | 'expired' | 'revoked', SignedInPerson>;
let endpointId = '';

beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
  fx = await createWorkspaceFixture(svc);
  const member = async (role: Role, joinAs: Role = role) => {
    const email = role === 'owner' ? fx.workspace.owner.email : uniqueEmail(role);
    if (role !== 'owner') await addMember(svc, fx.workspace.id, email, joinAs);
    return signIn(svc, email);
  };
  // An expired session: signed in 13 hours ago, idle since.
  now -= 13 * HOUR;
  people.expired = await member('viewer');
  now += 13 * HOUR;
  for (const role of roles) people[role] = await member(role);
  people.removed = await member('admin');
  await removeMember(svc, fx.workspace.id, people.removed.email);
  people.revoked = await member('admin');
  await svc.send(signOut, undefined, { credentials: sessionOnly(people.revoked.cookie) });
  await fx.call(updateAdvancedWebhookConfig, { isEnabled: true });
  endpointId = (
    await fx.call(createAdvancedWebhookEndpoint, { url: 'https://hooks.example.com/in' })
  ).data.id;
}, 60_000);
afterAll(() => svc.close());

const samples: Record<string, { valid: unknown[] }> = { ...adminCases, ...dataCases };
const sample = (e: AnyEndpoint) => samples[e.name]?.valid[0];

/** The session credentials of a person for a call of the endpoint. */
function sessionOf(person: SignedInPerson, e: AnyEndpoint): SessionCredentials {
  if (e.auth === 'session') return sessionOnly(person.cookie);
  return person.as(fx.workspace.id, e.auth === 'apiKey' ? fx.apiKey : undefined);
}

/** A call of the endpoint with these credentials; Sign Out ends a session of its own. */
async function send(
  e: AnyEndpoint,
  credentials: Credentials,
  headers: Record<string, string> = {},
) {
  return svc.send(e, sample(e), { credentials, headers });
}

const refusal = (status: ErrorStatus, message: string) => ({
  status: errorHttpStatus[status],
  error: { status, message },
});

/** What a reply says about who the caller is: the refusal, or that it got past authorization. */
function outcome(res: Reply) {
  const body = res.body as { error?: { status: string; message: string } };
  if (res.status === 401 || res.status === 403) {
    return {
      status: res.status,
      error: { status: body.error?.status, message: body.error?.message },
    };
  }
  return 'admitted';
}

const expired = refusal('UNAUTHENTICATED', 'Session expired. Sign in again.');
const foreign = refusal(
  'PERMISSION_DENIED',
  "The origin https://evil.example.com may not use a session: it is neither this service's origin nor in CORS_ORIGINS.",
);

const credentialed = allEndpoints.filter((e) => e.auth !== 'public');
const table = roleTable(allEndpoints);

it('has a role-table row for every workspace and API-key endpoint', () => {
  expect(table.map((r) => r.endpoint).sort()).toEqual(
    credentialed
      .filter((e) => e.auth !== 'session')
      .map((e) => e.name)
      .sort(),
  );
});

describe.each(credentialed.map((e) => [e.name, e] as const))('%s', (name, e) => {
  const row = table.find((r) => r.endpoint === name);

  it('admits or refuses each role as the role table says', async () => {
    for (const role of roles) {
      // Sign Out ends the session it came with: a session of its own for it.
      const person = e === signOut ? await signIn(svc, people[role].email) : people[role];
      const res = await send(e, sessionOf(person, e));
      const byTable = row?.byRole[role] ?? 'call';
      const want =
        byTable === 'refused' ? refusal('PERMISSION_DENIED', refusalMessage(role, e)) : 'admitted';
      expect({ role, got: outcome(res) }).toEqual({ role, got: want });
    }
  });

  it('refuses ended sessions, a removed member, a foreign origin and a missing custom header', async () => {
    const { removed, revoked } = people;
    const cases: [string, Reply, unknown][] = [
      ['expired', await send(e, sessionOf(people.expired, e)), expired],
      ['revoked', await send(e, sessionOf(revoked, e)), expired],
      [
        'foreign origin',
        await send(e, sessionOf(people.owner, e), { origin: 'https://evil.example.com' }),
        foreign,
      ],
    ];
    if (e.auth === 'session') {
      // A removed member still has a session: only the workspace's calls refuse them.
      // The custom header of a session alone is its JSON body's type.
      const bare = await svc.fetch(e.path, {
        method: 'POST',
        headers: { cookie: `${sessionCookieName}=${people.owner.cookie}` },
      });
      cases.push([
        'no JSON type',
        bare,
        refusal(
          'PERMISSION_DENIED',
          'A session counts only on a JSON request (Content-Type: application/json).',
        ),
      ]);
    } else {
      cases.push([
        'removed member',
        await send(e, sessionOf(removed, e)),
        refusal('UNAUTHENTICATED', 'You are not a member of this workspace. Sign in again.'),
      ]);
      const cookieOnly = { kind: 'session', cookie: people.owner.cookie } as const;
      const noHeader = await send(e, cookieOnly);
      cases.push([
        'no custom header',
        noHeader,
        {
          status: 400,
          error: { status: 'INVALID_ARGUMENT', message: 'Workspace ID not found in headers.' },
        },
      ]);
    }
    for (const [what, res, want] of cases) {
      const body = res.body as { error?: { status: string; message: string } };
      const got = {
        status: res.status,
        error: { status: body.error?.status, message: body.error?.message },
      };
      expect({ what, got }).toEqual({ what, got: want });
    }
  });

  if (e.auth !== 'session') {
    it('admits the tokens as before, except where only a person may call', async () => {
      const token = e.auth === 'apiKey' ? fx.credentials.apiKey : fx.credentials.workspace;
      const res = await send(e, token);
      const want = row?.sessionOnly
        ? refusal(
            'PERMISSION_DENIED',
            `${e.name} answers for a signed-in person: call it with a session, not a token.`,
          )
        : 'admitted';
      expect(outcome(res)).toEqual(want);
    });
  }
});

/** Requests whose answers carry the secret, for the endpoints that reveal one. */
const revealing: Record<string, () => unknown> = {
  'Get Workspace': () => ({}),
  'Get Workspace Auth Token': () => ({}),
  'Get Auth Tokens': () => ({ apiKey: fx.apiKey }),
  'Get Advanced Webhook Endpoint Secret': () => ({ endpointId }),
  // The service itself answers the token masked (nobody reads it back); '' while none is set.
  'Get Webhook Config': () => ({}),
};

/** The values at a path of the role table's `fields` (`authTokens[].token`). */
function valuesAt(data: unknown, path: string): unknown[] {
  return path.split('.').reduce<unknown[]>(
    (values, part) => {
      const key = part.replace(/\[\]$/, '');
      const next = values.map((v) => (v as Record<string, unknown>)[key]);
      return part.endsWith('[]')
        ? next.flatMap((v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []))
        : next;
    },
    [data],
  );
}

describe('secrets', () => {
  const revealers = allEndpoints.filter((e) => e.access?.reveals);

  it('has a real request for every endpoint whose answer carries a secret', () => {
    expect(revealers.map((e) => e.name).sort()).toEqual(Object.keys(revealing).sort());
  });

  it.for(revealers.map((e) => [e.name, e] as const))(
    '%s: masked for the roles the table masks, in clear for the others and the tokens',
    async ([name, e]) => {
      const row = table.find((r) => r.endpoint === name);
      const fields = e.access?.reveals?.fields ?? [];
      const read = async (credentials: Credentials) => {
        const res = await svc.send(e, revealing[name]?.(), { credentials });
        return res.status === 200
          ? (res.body as { result: { data: unknown } }).result.data
          : undefined;
      };
      for (const role of roles) {
        const data = await read(sessionOf(people[role], e));
        if (row?.byRole[role] === 'refused') {
          expect(data, role).toBeUndefined();
          continue;
        }
        const values = fields.flatMap((f) => valuesAt(data, f));
        expect(values.length, role).toBeGreaterThan(0);
        const shown = values.map((v) => (isMasked(String(v)) ? 'masked' : 'call'));
        expect({ role, shown }).toEqual({ role, shown: values.map(() => row?.byRole[role]) });
      }
      const token = e.auth === 'apiKey' ? fx.credentials.apiKey : fx.credentials.workspace;
      const byToken = await read(token);
      const values = fields.flatMap((f) => valuesAt(byToken, f));
      expect(values.length).toBeGreaterThan(0);
      expect(values.some((v) => isMasked(String(v)))).toBe(false);
    },
  );
});
