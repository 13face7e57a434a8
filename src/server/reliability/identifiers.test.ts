import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiKeyConfig, updateApiKeyConfig } from '#contract/api-keys';
import { type AnyEndpoint, type RequestOf, unwrapSuccess } from '#contract/endpoint';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { rows } from '../testing/rows';
import { type TestService, startTestService } from '../testing/test-service';
import { addOrganizations, deleteOrganizations, getOrganizations } from '#contract/organizations';
import {
  addDocuments,
  getDocuments,
  migrateDocuments,
  migrateDocumentsStatus,
} from '#contract/documents';
import { addUsers, getUsers } from '#contract/users';
import { addActivityLogs, addCommentAnnotations, getActivityLogs } from '#contract/activities';

/**
 * Issue 28, item 3: every id the hosted product takes stays accepted and is found as one value
 * by every search; what cannot be stored, shown or searched safely is refused when an id is made;
 * data an earlier version stored under such an id stays reachable and erasable.
 */

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
  fx = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

/** The data of the endpoint's answer to the fixture's key; a refusal throws a CallError. */
const data = async <E extends AnyEndpoint>(endpoint: E, body: RequestOf<E>) =>
  (await fx.call(endpoint, body)).data;

const idsOf = (items: { id: string }[]) => items.map((item) => item.id).sort();

/** Ids that a search splitting on spaces, commas or URL characters would break apart. */
const tricky = ['acme corp', 'a,b', 'https://example.com/a b?x=1&y=%20#top', 'ملف ١'];
/** The parts such a search would find instead. */
const parts = ['acme', 'corp', 'a', 'b', 'https://example.com/a', 'b?x=1&y=%20#top', 'ملف', '١'];

describe('ids with spaces, commas and URL characters', () => {
  beforeAll(async () => {
    await data(addOrganizations, {
      organizations: [...tricky, ...parts].map((organizationId) => ({
        organizationId,
        organizationName: `Name of ${organizationId}`,
      })),
    });
  });

  it('are stored as sent and found whole by Get Organizations, never by their parts', async () => {
    for (const organizationId of tricky) {
      const found = await data(getOrganizations, {
        organizationIds: [organizationId],
      });
      expect(idsOf(found), organizationId).toEqual([organizationId]);
    }
    const all = await data(getOrganizations, {
      organizationIds: tricky,
    });
    expect(idsOf(all)).toEqual([...tricky].sort());
  });

  it('are one value to Get Documents, Get Users and Get Activity Logs filters too', async () => {
    const organizationId = 'acme corp';
    const documentIds = ['doc 1', 'doc', '1', 'x,y', 'x', 'y'];
    await data(addDocuments, {
      organizationId,
      documents: documentIds.map((documentId) => ({ documentId, documentName: documentId })),
    });
    for (const documentId of ['doc 1', 'x,y']) {
      const found = await data(getDocuments, {
        organizationId,
        documentIds: [documentId],
      });
      expect(idsOf(found)).toEqual([documentId]);
    }
    await data(addUsers, {
      organizationId,
      users: ['ann lee', 'ann', 'lee'].map((userId) => ({
        userId,
        name: userId,
        email: `${userId.replace(' ', '.')}@example.com`,
      })),
    });
    const users = await data(getUsers, {
      organizationId,
      userIds: ['ann lee'],
    });
    // Without a grouping, Get Users answers a list.
    if (!Array.isArray(users)) throw new Error('expected a list of users');
    expect(users.map((u) => u.userId)).toEqual(['ann lee']);
    await data(addActivityLogs, {
      organizationId,
      activities: ['act 1', 'act', '1'].map((id) => ({
        id,
        featureType: 'comment',
        actionType: 'add',
        actionUser: { userId: 'ann lee' },
      })),
    });
    const activities = await data(getActivityLogs, {
      organizationId,
      activityIds: ['act 1'],
    });
    expect(idsOf(activities)).toEqual(['act 1']);
    const byUser = await data(getActivityLogs, {
      organizationId,
      userId: 'ann lee',
    });
    expect(idsOf(byUser)).toEqual(['1', 'act', 'act 1']);
  });

  it('bind a page token to the whole ids: ["a,b"] is not ["a", "b"]', async () => {
    const first = await fx.send(getOrganizations, {
      organizationIds: ['a', 'b'],
      pageSize: 1,
    });
    const token = first.body.result?.nextPageToken;
    expect(typeof token).toBe('string');
    const replayed = await fx.send(getOrganizations, {
      organizationIds: ['a,b'],
      pageSize: 1,
      pageToken: token,
    });
    expect(replayed.status).toBe(400);
  });

  it('are deleted one whole id at a time', async () => {
    const deleted = await data(deleteOrganizations, {
      organizationIds: ['a,b'],
    });
    expect(deleted['a,b']?.success).toBe(true);
    const left = await data(getOrganizations, {
      organizationIds: ['a', 'b', 'a,b'],
    });
    expect(idsOf(left)).toEqual(['a', 'b']);
  });
});

describe('a new id that cannot be stored, shown or searched safely', () => {
  const add = (organizationId: string) =>
    fx.send(addOrganizations, {
      organizations: [{ organizationId, organizationName: 'Refused' }],
    });

  it('is refused, naming the field and the character, and nothing is written', async () => {
    for (const [organizationId, message] of [
      [
        'tab\there',
        'data.organizations[0].organizationId must not contain control or bidirectional formatting characters (U+0009 at character 4)',
      ],
      [
        'bidi\u202eevil',
        'data.organizations[0].organizationId must not contain control or bidirectional formatting characters (U+202E at character 5)',
      ],
      [' padded', 'data.organizations[0].organizationId must not begin or end with whitespace'],
      ['padded ', 'data.organizations[0].organizationId must not begin or end with whitespace'],
      ['x'.repeat(129), 'data.organizations[0].organizationId must be at most 128 characters'],
    ] as const) {
      const reply = await add(organizationId);
      expect(reply.status, JSON.stringify(organizationId)).toBe(400);
      expect(reply.body.error).toEqual({ status: 'INVALID_ARGUMENT', message });
    }
    const stored = await rows<{ id: string }>(
      svc.database.db,
      sql`select organization_id as id from organizations
          where api_key_id = ${fx.apiKey} and organization_id like '%padded%'`,
    );
    expect(stored).toEqual([]);
  });

  it('is refused where feature data would bring it in, and where a call creates it', async () => {
    const comment = await fx.send(addCommentAnnotations, {
      organizationId: 'org\u0007bell',
      documentId: 'd1',
      commentAnnotations: [{ commentData: [{ commentText: 'hi', from: { userId: 'u1' } }] }],
    });
    expect(comment.body.error?.message).toBe(
      'data.organizationId must not contain control or bidirectional formatting characters (U+0007 at character 4)',
    );
    const created = await fx.send(addDocuments, {
      organizationId: 'new\norg',
      createOrganization: true,
      documents: [{ documentId: 'd1', documentName: 'One' }],
    });
    expect(created.body.error?.message).toBe(
      'data.organizationId must not contain control or bidirectional formatting characters (U+000A at character 4), as the id of what createOrganization creates',
    );
  });
});

describe('data an earlier version stored under an id the rule now refuses', () => {
  /** Rows as the version before this rule wrote them: it took any id but U+0000. */
  const legacyOrganization = 'legacy\torg';
  const legacyDocument = 'doc\u0001one';
  beforeAll(async () => {
    const db = svc.database.db;
    await db.execute(sql`
      insert into organizations (api_key_id, organization_id, organization_name, created_at, updated_at)
      values (${fx.apiKey}, ${legacyOrganization}, 'Legacy', now(), now())`);
    await db.execute(sql`
      insert into documents (api_key_id, organization_id, document_id, document_name,
        access_type, created_at, updated_at)
      values (${fx.apiKey}, ${legacyOrganization}, ${legacyDocument}, 'Old', 'public', now(), now())`);
  });

  it('is read and filtered by its id', async () => {
    const found = await data(getOrganizations, {
      organizationIds: [legacyOrganization],
    });
    expect(idsOf(found)).toEqual([legacyOrganization]);
    const documents = await data(getDocuments, {
      organizationId: legacyOrganization,
      documentIds: [legacyDocument],
    });
    expect(idsOf(documents)).toEqual([legacyDocument]);
  });

  it('takes new data named by a new id, and a document moves to an id the rule accepts', async () => {
    await data(addDocuments, {
      organizationId: legacyOrganization,
      documents: [{ documentId: 'doc two', documentName: 'New' }],
    });
    const { migrationId } = await data(migrateDocuments, {
      organizationId: legacyOrganization,
      documentId: legacyDocument,
      newDocumentId: 'doc one',
    });
    await svc.app.jobRunner.runOnce();
    const status = await data(migrateDocumentsStatus, {
      organizationId: legacyOrganization,
      migrationId,
    });
    expect(status.status).toBe('completed');
    const documents = await data(getDocuments, {
      organizationId: legacyOrganization,
    });
    expect(idsOf(documents)).toEqual(['doc one', 'doc two']);
  });

  it('is erased by Delete Organizations', async () => {
    const deleted = await data(deleteOrganizations, {
      organizationIds: [legacyOrganization],
    });
    expect(deleted[legacyOrganization]?.success).toBe(true);
    const left = await rows<{ n: number }>(
      svc.database.db,
      sql`select count(*)::int as n from documents where api_key_id = ${fx.apiKey}
          and organization_id = ${legacyOrganization}`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});

describe('an AI provider name', () => {
  it('is at most 64 characters, and one stored longer by an earlier version still reads', async () => {
    const long = 'p'.repeat(300);
    const refused = await fx.send(updateApiKeyConfig, {
      aiModelApiKey: [{ provider: long, customerApiKey: 'sk-long-0123456789' }],
    });
    expect(refused.body.error?.message).toBe(
      'data.aiModelApiKey[0].provider must be at most 64 characters',
    );
    await data(updateApiKeyConfig, {
      aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-live-0123456789' }],
    });
    // As the version before the bound stored it: the sealed key of another provider will do.
    await svc.database.db.execute(sql`
      update api_key_configs set ai_keys = ai_keys || jsonb_build_object(${long}::text, ai_keys -> 'openai')
      where api_key_id = ${fx.apiKey}`);
    const reply = await fx.send(getApiKeyConfig, {});
    expect(reply.status).toBe(200);
    // The console reads the answer with the contract's own schema: it must take the old name.
    const config = unwrapSuccess(getApiKeyConfig, reply.body).data as {
      aiModelsConfig?: Record<string, unknown>;
    };
    expect(Object.keys(config.aiModelsConfig ?? {}).sort()).toEqual([long, 'openai'].sort());
    // The other settings still save beside it (writes merge).
    await data(updateApiKeyConfig, { requireJwtToken: true });
  });
});
