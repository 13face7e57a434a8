import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '#contract/common';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { addCommentAnnotations } from '#contract/activities';
import { headersOf } from '#contract/credentials';
import { createAdvancedWebhookEndpoint, updateAdvancedWebhookConfig } from '#contract/webhooks';
import { recoverFailedAdvancedWebhookMessages } from '#contract/webhook-deliveries';
import { updatePermissionProviderConfig } from '#contract/api-keys';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService({ webhookWorker: { background: false } });
  fx = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

const invalid = (message: string) => ({ error: { status: 'INVALID_ARGUMENT', message } });

/** A raw POST with the API key's credentials, for bodies that JSON.stringify would not write. */
function raw(
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType = 'application/json',
) {
  return svc.fetch(path, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headersOf(fx.credentials.apiKey) },
    body,
  });
}

const user = { userId: 'u-1', name: 'Ann', email: 'ann@example.com' };
const annotation = (over: Record<string, unknown> = {}, from: Record<string, unknown> = user) => ({
  organizationId: 'org-h',
  documentId: 'doc-h',
  commentAnnotations: [{ commentData: [{ commentText: 'hello', from }] }],
  ...over,
});

async function storedComments(): Promise<number> {
  const found = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from comments where api_key_id = ${fx.apiKey}`,
  );
  return found[0]?.n ?? 0;
}

describe('a deeply nested body', () => {
  const deep = `{"data":${'['.repeat(6000)}"\\u0000"${']'.repeat(6000)}}`;

  it('is refused on every kind of endpoint before it is walked', async () => {
    for (const path of [
      createWorkspace.path,
      getWorkspace.path,
      addCommentAnnotations.path,
      updateAdvancedWebhookConfig.path,
    ]) {
      const res = await raw(path, deep);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual(
        invalid('The request body nests arrays and objects deeper than 32.'),
      );
    }
  });

  it('is refused also when the nesting is in objects and brackets hide in strings', async () => {
    const objects = `{"data":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
    expect((await raw(addCommentAnnotations.path, objects)).status).toBe(400);
    const quoted = annotation({
      commentAnnotations: [{ commentData: [{ commentText: '[{'.repeat(100), from: user }] }],
    });
    const res = await raw(addCommentAnnotations.path, JSON.stringify({ data: quoted }));
    expect(res.status).toBe(200);
  });
});

describe('lone UTF-16 surrogates', () => {
  const lone = 'a\ud800b';

  it('are refused in every string of Add Comment Annotations, naming the field', async () => {
    const before = await storedComments();
    const cases: [Record<string, unknown>, string][] = [
      [annotation({ organizationId: lone }), 'data.organizationId'],
      [annotation({ documentId: lone }), 'data.documentId'],
      [
        annotation({
          commentAnnotations: [
            { annotationId: lone, commentData: [{ commentText: 'x', from: user }] },
          ],
        }),
        'data.commentAnnotations[0].annotationId',
      ],
      [
        annotation({ commentAnnotations: [{ commentData: [{ commentText: lone, from: user }] }] }),
        'data.commentAnnotations[0].commentData[0].commentText',
      ],
      [
        annotation({}, { ...user, userId: lone }),
        'data.commentAnnotations[0].commentData[0].from.userId',
      ],
      [
        annotation({}, { ...user, email: lone }),
        'data.commentAnnotations[0].commentData[0].from.email',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await fx.send(addCommentAnnotations, data);
      expect(res.status, field).toBe(400);
      expect(res.body).toEqual(invalid(`${field} must not contain a lone UTF-16 surrogate.`));
    }
    expect(await storedComments()).toBe(before);
  });

  it('are refused in the permission provider token and in an endpoint description', async () => {
    const provider = await fx.send(updatePermissionProviderConfig, {
      permissionProviderConfig: { authToken: lone },
    });
    expect(provider.body).toEqual(
      invalid('data.permissionProviderConfig.authToken must not contain a lone UTF-16 surrogate.'),
    );
    await webhooksOf(fx).enable();
    const endpoint = await fx.send(createAdvancedWebhookEndpoint, {
      url: 'https://h.example.com',
      description: lone,
    });
    expect(endpoint.body).toEqual(
      invalid('data.description must not contain a lone UTF-16 surrogate.'),
    );
  });

  it('are refused in a field name, and a well-formed pair is kept as it is', async () => {
    const key = await raw(addCommentAnnotations.path, `{"data":{"\\udc00":1}}`);
    expect(key.body).toEqual(
      invalid('data has a field name that must not contain a lone UTF-16 surrogate.'),
    );
    const res = await fx.send(
      addCommentAnnotations,
      annotation({
        documentId: 'doc-pair',
        commentAnnotations: [{ commentData: [{ commentText: 'ok 😀', from: user }] }],
      }),
    );
    expect(res.status).toBe(200);
    const stored = await rows<{ comment_text: string }>(
      svc.database.db,
      sql`select c.comment_text from comments c join comment_annotations a using (api_key_id, organization_id, annotation_id)
          where c.api_key_id = ${fx.apiKey} and a.document_id = 'doc-pair'`,
    );
    expect(stored).toEqual([{ comment_text: 'ok 😀' }]);
  });
});

describe('identifier lengths', () => {
  it('refuses an id longer than the documented maximum instead of failing the index', async () => {
    const long = 'o'.repeat(900_000);
    for (const [data, field] of [
      [annotation({ organizationId: long }), 'data.organizationId'],
      [
        annotation({
          commentAnnotations: [
            { annotationId: long, commentData: [{ commentText: 'x', from: user }] },
          ],
        }),
        'data.commentAnnotations[0].annotationId',
      ],
    ] as const) {
      const res = await fx.send(addCommentAnnotations, data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid(`${field} must be at most ${MAX_ID_LENGTH} characters`));
    }
  });

  it('accepts an id of exactly the maximum, in 4-byte characters', async () => {
    const res = await fx.send(
      addCommentAnnotations,
      annotation({
        organizationId: '😀'.repeat(MAX_ID_LENGTH / 2),
        commentAnnotations: [
          {
            annotationId: '😀'.repeat(MAX_ID_LENGTH / 2),
            commentData: [{ commentText: 'x', from: user }],
          },
        ],
      }),
    );
    expect(res.status).toBe(200);
  });
});

describe('dates', () => {
  it('refuses a date-time outside the range PostgreSQL and the contract allow', async () => {
    await webhooksOf(fx).enable();
    const ep = await webhooksOf(fx).createEndpoint({
      url: 'https://dates.example.com',
    });
    for (const since of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z']) {
      const res = await fx.send(recoverFailedAdvancedWebhookMessages, { endpointId: ep.id, since });
      expect(res.status, since).toBe(400);
      expect(res.body).toEqual(
        invalid('data.since must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z'),
      );
    }
    const fine = await fx.send(recoverFailedAdvancedWebhookMessages, {
      endpointId: ep.id,
      since: '2020-01-01T00:00:00Z',
    });
    expect(fine.status).toBe(200);
  });
});

describe('character sets', () => {
  it('refuses a charset other than UTF-8 with 415', async () => {
    const body = new Uint8Array(
      Buffer.concat([
        Buffer.from('{"data":{"isEnabled":true,"publicKey":"caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}}'),
      ]),
    );
    const res = await raw(
      updateAdvancedWebhookConfig.path,
      body,
      'application/json; charset=latin1',
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual(invalid('The request body must be JSON in UTF-8 (charset=utf-8).'));
  });

  it('refuses bytes that are not UTF-8, with or without a charset', async () => {
    const body = new Uint8Array(
      Buffer.concat([
        Buffer.from('{"data":{"url":"https://x.example.com","description":"caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}}'),
      ]),
    );
    for (const type of ['application/json', 'application/json; charset=UTF-8']) {
      const res = await raw(createAdvancedWebhookEndpoint.path, body, type);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid('The request body is not valid UTF-8.'));
    }
  });
});

describe('prototype names', () => {
  it('refuses __proto__ as a field name, written plainly or escaped', async () => {
    await webhooksOf(fx).enable();
    for (const key of ['__proto__', '\\u005f\\u005fproto\\u005f\\u005f']) {
      const res = await raw(
        createAdvancedWebhookEndpoint.path,
        `{"data":{"url":"https://p.example.com","metadata":{"${key}":{"a":"b"},"n":"v"}}}`,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid('data.metadata.__proto__ is not an allowed field name.'));
    }
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });
});
