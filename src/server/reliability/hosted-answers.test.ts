import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDocuments, getDocuments } from '#contract/documents';
import type { AnyEndpoint } from '#contract/endpoint';
import { addFolder, getFolders } from '#contract/folders';
import { addNotifications, getNotifications } from '#contract/notifications';
import { addOrganizations, getOrganizations } from '#contract/organizations';
import { getAllUserData } from '#contract/user-data';
import { addUsers, getUsers } from '#contract/users';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { type TestService, startTestService } from '../testing/test-service';

/**
 * A client generated from the hosted product's OpenAPI file (velt-js/docs,
 * `api-reference/open-api/openapi.yaml`, servers `https://api.velt.dev/v2`) must read this
 * service's answers on the paths both serve. The schemas below are written from that file's facts
 * — its required fields, field types and page-token fields — not copied from it. As in JSON
 * Schema, fields it does not name are allowed; a field it types as a string may be absent but
 * never `null`.
 */
const hostedOrganization = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  disabled: z.boolean().optional(),
});
const hostedUser = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.email(),
  accessRole: z.enum(['viewer', 'editor']).optional(),
  initial: z.string().optional(),
});
const hostedDocument = z.object({
  documentId: z.string(),
  documentName: z.string().optional(),
  accessType: z.enum(['public', 'restricted']).optional(),
  disabled: z.boolean().optional(),
});
const hostedFolder = z.object({
  folderId: z.string(),
  folderName: z.string().optional(),
  parentFolderId: z.string().optional(),
  organizationId: z.string().optional(),
  createdAt: z.int().optional(),
  lastUpdated: z.int().optional(),
});

/** The hosted success envelope: status and message strings, the data, a string page token. */
const hostedSuccess = (data: z.ZodType, pageField?: 'nextPageToken' | 'pageToken') =>
  z.object({
    result: z.object({
      status: z.string(),
      message: z.string(),
      data,
      ...(pageField ? { [pageField]: z.string().optional() } : {}),
    }),
  });

const hostedAnswers = {
  'Get Organizations': hostedSuccess(z.array(hostedOrganization), 'nextPageToken'),
  'Get Users': hostedSuccess(
    z.union([z.array(hostedUser), z.record(z.string(), z.array(hostedUser))]),
    'nextPageToken',
  ),
  'Get Documents': hostedSuccess(z.array(hostedDocument), 'pageToken'),
  'Get Folders (v2)': hostedSuccess(
    z.array(hostedFolder.extend({ subFolders: z.array(hostedFolder).optional() })),
  ),
  'Get Notifications': hostedSuccess(z.array(z.object({})), 'pageToken'),
} satisfies Record<string, z.ZodType>;

let svc: TestService;
let fx: WorkspaceFixture;
const org = 'org-hosted';

beforeAll(async () => {
  svc = await startTestService();
  fx = await createWorkspaceFixture(svc);
  await fx.call(addOrganizations, {
    organizations: [
      { organizationId: org, organizationName: 'Hosted' },
      { organizationId: 'org-hosted-2', organizationName: 'Second' },
    ],
  });
  await fx.call(addFolder, {
    organizationId: org,
    folders: [
      { folderId: 'f1', folderName: 'Top' },
      { folderId: 'f2', folderName: 'Inner', parentFolderId: 'f1' },
    ],
  });
  await fx.call(addDocuments, {
    organizationId: org,
    documents: [
      { documentId: 'd1', documentName: 'One' },
      { documentId: 'd2', documentName: 'Two' },
    ],
  });
  await fx.call(addUsers, {
    organizationId: org,
    users: [
      { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
      { userId: 'u2', name: 'Bob', email: 'bob@example.com' },
    ],
  });
  for (const notificationId of ['n1', 'n2']) {
    await fx.call(addNotifications, {
      organizationId: org,
      documentId: 'd1',
      notificationId,
      actionUser: { userId: 'u1', name: 'Ann', email: 'ann@example.com' },
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      displayBodyMessage: 'Please have a look.',
      notifyUsers: [{ userId: 'u2' }],
    });
  }
});
afterAll(() => svc.close());

/** Each overlapping read, with a request that pages (a first page and a last one) where it can. */
const reads: [keyof typeof hostedAnswers, AnyEndpoint, Record<string, unknown>][] = [
  ['Get Organizations', getOrganizations, { pageSize: 1 }],
  ['Get Users', getUsers, { organizationId: org, pageSize: 1 }],
  ['Get Documents', getDocuments, { organizationId: org, pageSize: 1 }],
  ['Get Folders (v2)', getFolders, { organizationId: org }],
  ['Get Notifications', getNotifications, { organizationId: org, pageSize: 1 }],
];

describe.each(reads)('%s', (name, e, request) => {
  it('answers every page in the hosted OpenAPI’s shape, the last without a page token', async () => {
    let data = request;
    const pages: unknown[] = [];
    for (let page = 0; page < 10; page++) {
      const reply = await fx.send(e, data);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      pages.push(reply.body);
      const checked = hostedAnswers[name].safeParse(reply.body);
      expect(checked.error?.issues ?? [], JSON.stringify(reply.body)).toEqual([]);
      const result = (reply.body as { result: Record<string, unknown> }).result;
      const token = e.pageField ? result[e.pageField] : undefined;
      if (typeof token !== 'string') break;
      data = { ...request, pageToken: token };
    }
    if (e.pageField) expect(pages.length, name).toBeGreaterThan(1);
  });
});

it('keeps the ids the specification names beside the hosted names, equal', async () => {
  const organizations = await fx.call(getOrganizations, {});
  for (const o of organizations.data) expect(o.organizationId).toBe(o.id);
  const documents = await fx.call(getDocuments, { organizationId: org });
  expect(documents.data.map((d) => [d.id, d.documentId])).toEqual([
    ['d1', 'd1'],
    ['d2', 'd2'],
  ]);
});

it('answers Get All User Data’s last page with a null token, as the specification states', async () => {
  const reply = await fx.send(getAllUserData, { organizationId: org, userId: 'u1' });
  expect(reply.body).toMatchObject({ result: { status: 'success', nextPageToken: null } });
});
