import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type WorkspaceFixture,
  createWorkspaceFixture,
  limitsOn,
  uniqueEmail,
} from '../testing/fixtures';
import { postFrom } from '../testing/post-from';
import { watchStatements } from '../testing/statement-watch';
import { type TestService, startTestService } from '../testing/test-service';
import { getApiKeyConfig, resetAuthToken, updateApiKeyConfig } from '#contract/api-keys';
import { getAuditLog } from '#contract/audit-log';
import { getWorkspace, sendLoginLink } from '#contract/workspace';
import { completeLogin } from '#contract/workspace-access';
import { getOrganizations } from '#contract/organizations';
import { credentialHeaders, headersOf } from '#contract/credentials';

const ADDRESS_MAX = 5;
const CREDENTIAL_MAX = 8;
const WINDOW_MS = 600_000;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: limitsOn({
      RATE_LIMIT_AUTH_FAILURES_ADDRESS_MAX: String(ADDRESS_MAX),
      RATE_LIMIT_AUTH_FAILURES_CREDENTIAL_MAX: String(CREDENTIAL_MAX),
    }),
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
});
afterAll(() => svc.close());

const paths = {
  resetToken: resetAuthToken.path,
  auditLog: getAuditLog.path,
  getWorkspace: getWorkspace.path,
  keyConfig: getApiKeyConfig.path,
  updateKeyConfig: updateApiKeyConfig.path,
  organizations: getOrganizations.path,
  sendLink: sendLoginLink.path,
  completeLogin: completeLogin.path,
} as const;

const exhausted = {
  error: {
    status: 'RESOURCE_EXHAUSTED',
    message: 'Rate limit exceeded for this endpoint. Try again later.',
  },
};

/** Each test calls from addresses of its own, so that no test meets another's windows. */
let lastAddress = 10;
const newAddress = () => `127.0.0.${(lastAddress += 1)}`;

const call = (from: string, path: string, headers: Record<string, string>, data: unknown = {}) =>
  postFrom(svc.url, from, path, data, headers);

/** The workspace headers of `fx` with another workspace's real token, which does not match. */
const wrongWorkspaceToken = (fx: WorkspaceFixture, other: WorkspaceFixture) =>
  headersOf({ ...fx.credentials.workspace, token: other.workspace.authToken });
const wrongKeyToken = (fx: WorkspaceFixture, other: WorkspaceFixture) =>
  headersOf({ ...fx.credentials.apiKey, token: other.credentials.apiKey.token });

function expectRefused(reply: { status: number; body: unknown; headers: Headers }) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual(exhausted);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
}

describe('refused credentials, per client address', () => {
  it('throttles wrong tokens on every workspace endpoint; the owner elsewhere gets in', async () => {
    const [fx, other] = [await createWorkspaceFixture(svc), await createWorkspaceFixture(svc)];
    const guesser = newAddress();
    const wrong = wrongWorkspaceToken(fx, other);
    const answers = [];
    for (let i = 0; i < ADDRESS_MAX; i += 1) {
      const path = i % 2 === 0 ? paths.resetToken : paths.auditLog;
      answers.push((await call(guesser, path, wrong, { apiKey: fx.apiKey })).status);
    }
    expect(answers).toEqual(Array.from({ length: ADDRESS_MAX }, () => 401));
    expectRefused(await call(guesser, paths.resetToken, wrong, { apiKey: fx.apiKey }));
    expectRefused(await call(guesser, paths.auditLog, wrong));
    // The address is refused whatever it presents, before its credential is read.
    expectRefused(await call(guesser, paths.auditLog, headersOf(fx.credentials.workspace)));

    const owner = newAddress();
    expect((await call(owner, paths.auditLog, headersOf(fx.credentials.workspace))).status).toBe(
      200,
    );
    const reset = await call(owner, paths.resetToken, headersOf(fx.credentials.workspace), {
      apiKey: fx.apiKey,
    });
    expect(reset.status).toBe(200);
  });

  it('throttles wrong tokens and unknown keys on API-key endpoints, reads and writes', async () => {
    const [fx, other] = [await createWorkspaceFixture(svc), await createWorkspaceFixture(svc)];
    const guesser = newAddress();
    const wrong = wrongKeyToken(fx, other);
    const unknownKey = headersOf({ ...fx.credentials.apiKey, id: 'key_does_not_exist' });
    const tries: [string, Record<string, string>, unknown, number][] = [
      [paths.keyConfig, wrong, {}, 401],
      [paths.updateKeyConfig, wrong, { enablePrivateComments: true }, 401],
      [paths.organizations, wrong, {}, 401],
      [paths.keyConfig, unknownKey, {}, 403],
      [paths.updateKeyConfig, unknownKey, { enablePrivateComments: true }, 403],
    ];
    for (const [path, headers, data, status] of tries) {
      expect((await call(guesser, path, headers, data)).status, path).toBe(status);
    }
    expectRefused(await call(guesser, paths.keyConfig, wrong));
    expectRefused(
      await call(guesser, paths.updateKeyConfig, headersOf(fx.credentials.apiKey), {
        enablePrivateComments: true,
      }),
    );

    const owner = newAddress();
    expect((await call(owner, paths.keyConfig, headersOf(fx.credentials.apiKey))).status).toBe(200);
    const update = { enablePrivateComments: true };
    expect(
      (await call(owner, paths.updateKeyConfig, headersOf(fx.credentials.apiKey), update)).status,
    ).toBe(200);
  });

  it('throttles guessed login codes; a real code still works from another address', async () => {
    const email = uniqueEmail();
    expect(
      (await call(newAddress(), paths.sendLink, {}, { email, continueUrl: 'http://localhost/' }))
        .status,
    ).toBe(200);
    const outbox = (await svc.fetch('/dev/outbox')).body as {
      messages: { to: string; link: string }[];
    };
    const code = new URL(outbox.messages.find((m) => m.to === email)?.link ?? '').searchParams.get(
      'oobCode',
    );

    const guesser = newAddress();
    for (let i = 0; i < ADDRESS_MAX; i += 1) {
      const guess = await call(guesser, paths.completeLogin, {}, { oobCode: `guess-${i}` });
      expect(guess.body).toEqual({
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'This login link is not valid. Request a new one.',
        },
      });
    }
    expectRefused(await call(guesser, paths.completeLogin, {}, { oobCode: 'guess-last' }));
    // Refused before it is read: the code is not used up by the refusal.
    expectRefused(await call(guesser, paths.completeLogin, {}, { oobCode: code }));
    const signedIn = await call(newAddress(), paths.completeLogin, {}, { oobCode: code });
    expect(signedIn.status).toBe(200);
  });

  it('counts refused credentials only: missing headers and bad bodies are no guesses', async () => {
    const fx = await createWorkspaceFixture(svc);
    const caller = newAddress();
    const noToken = { [credentialHeaders.apiKey]: fx.apiKey };
    for (let i = 0; i < ADDRESS_MAX * 2; i += 1) {
      expect((await call(caller, paths.keyConfig, noToken)).status).toBe(400);
      const bad = await call(caller, paths.updateKeyConfig, headersOf(fx.credentials.apiKey), {
        nope: true,
      });
      expect(bad.status).toBe(400);
    }
    expect((await call(caller, paths.keyConfig, headersOf(fx.credentials.apiKey))).status).toBe(
      200,
    );
  });
});

describe('refused credentials, per credential id', () => {
  it.each([
    [
      'an API key',
      paths.keyConfig,
      wrongKeyToken,
      (fx: WorkspaceFixture) => headersOf(fx.credentials.apiKey),
    ],
    [
      'a workspace',
      paths.auditLog,
      wrongWorkspaceToken,
      (fx: WorkspaceFixture) => headersOf(fx.credentials.workspace),
    ],
  ] as const)(
    'answers strangers’ further guesses at %s 429, and never locks its holder out',
    async (_what, path, wrongOf, rightOf) => {
      const [fx, other] = [await createWorkspaceFixture(svc), await createWorkspaceFixture(svc)];
      const wrong = wrongOf(fx, other);
      // Strangers on many addresses, each under its own address's limit.
      const strangers = Array.from({ length: 4 }, newAddress);
      const answers: number[] = [];
      for (let round = 0; round < ADDRESS_MAX - 1; round += 1) {
        for (const stranger of strangers) answers.push((await call(stranger, path, wrong)).status);
      }
      const guesses = strangers.length * (ADDRESS_MAX - 1);
      expect(answers).toEqual([
        ...Array.from({ length: CREDENTIAL_MAX }, () => 401),
        ...Array.from({ length: guesses - CREDENTIAL_MAX }, () => 429),
      ]);
      expectRefused(await call(strangers[0] ?? '', path, wrong));
      // The right credential is checked and admitted, from anywhere, a stranger's address too.
      expect((await call(newAddress(), path, rightOf(fx))).status).toBe(200);
      expect((await call(strangers[1] ?? '', path, rightOf(fx))).status).toBe(200);
    },
  );
});

describe('the cost of the limits', () => {
  it('adds no statement to a call that succeeds; a failure is counted in one', async () => {
    const [fx, other] = [await createWorkspaceFixture(svc), await createWorkspaceFixture(svc)];
    const caller = newAddress();
    // Windows of this address and these credentials exist, as they do for a guessed-at key.
    expect((await call(caller, paths.keyConfig, wrongKeyToken(fx, other))).status).toBe(401);
    expect((await call(caller, paths.auditLog, wrongWorkspaceToken(fx, other))).status).toBe(401);

    const watch = watchStatements(svc.database);
    try {
      const limitStatements = () =>
        watch.take().filter((text) => text.includes('rate_limit_windows'));
      const succeeding: [string, Record<string, string>, unknown][] = [
        [paths.keyConfig, headersOf(fx.credentials.apiKey), {}],
        [paths.updateKeyConfig, headersOf(fx.credentials.apiKey), { enablePrivateComments: true }],
        [paths.organizations, headersOf(fx.credentials.apiKey), {}],
        [paths.auditLog, headersOf(fx.credentials.workspace), {}],
      ];
      for (const [path, headers, data] of succeeding) {
        expect((await call(caller, path, headers, data)).status, path).toBe(200);
        expect(limitStatements(), path).toEqual([]);
      }
      // Get Workspace counts its successful reads per workspace (its own limit), nothing else.
      expect(
        (await call(caller, paths.getWorkspace, headersOf(fx.credentials.workspace))).status,
      ).toBe(200);
      expect(limitStatements()).toHaveLength(svc.database.kind === 'postgres' ? 1 : 0);

      expect((await call(caller, paths.keyConfig, wrongKeyToken(fx, other))).status).toBe(401);
      // Address and key in one statement where processes share the counts; in memory otherwise.
      expect(limitStatements()).toHaveLength(svc.database.kind === 'postgres' ? 1 : 0);
    } finally {
      watch.stop();
    }
  });
});

describe('with RATE_LIMITS=off', () => {
  it('refuses no wrong token for its number', async () => {
    const off = await startTestService({ database: svc.database });
    try {
      const [fx, other] = [await createWorkspaceFixture(off), await createWorkspaceFixture(off)];
      const wrong = wrongKeyToken(fx, other);
      const answers = new Set<number>();
      for (let i = 0; i < ADDRESS_MAX + CREDENTIAL_MAX; i += 1) {
        answers.add(
          (await postFrom(off.url, '127.0.0.250', paths.keyConfig, undefined, wrong)).status,
        );
      }
      expect([...answers]).toEqual([401]);
    } finally {
      await off.close();
    }
  });
});
