import { emailServiceCases } from './email-service-cases';
import { type RequestCases, manyIds, sampleUser as user } from './request-cases';

/** Cases of the organization and collaboration-data areas, keyed by endpoint name. */
export const dataCases: Record<string, RequestCases> = {
  'Add Organizations': {
    valid: [
      { organizations: [{ organizationId: 'o1', organizationName: 'Org' }] },
      // Ids the hosted product takes: spaces, commas, URL characters.
      {
        organizations: [
          { organizationId: 'acme corp, inc', organizationName: 'Acme' },
          { organizationId: 'https://example.com/a b?x=1&y=%20#top', organizationName: 'Url' },
        ],
      },
    ],
    invalid: [
      { organizations: [{ organizationId: 'tab\there', organizationName: 'A' }] },
      { organizations: [{ organizationId: 'rtl\u202eoverride', organizationName: 'A' }] },
      { organizations: [{ organizationId: ' edge', organizationName: 'A' }] },
      { organizations: [{ organizationId: 'o1', organizationName: 'line\nbreak' }] },
      {},
      { organizations: [] },
      { organizations: [{ organizationId: 'o1' }] },
      {
        organizations: [
          { organizationId: 'o1', organizationName: 'A' },
          { organizationId: 'o1', organizationName: 'B' },
        ],
      },
    ],
  },
  'Get Organizations': {
    valid: [undefined, {}, { organizationIds: ['o1'], pageSize: 10, pageToken: 't' }],
    invalid: [{ organizationIds: [] }, { pageSize: 0 }, { pageSize: 1001 }],
  },
  'Delete Organizations': {
    // A stored id may hold what a new one may not: an earlier version stored it.
    valid: [
      { organizationIds: ['o1', 'o2'] },
      { organizationIds: ['acme corp', 'stored\tbefore'] },
    ],
    invalid: [
      { organizationIds: ['o1 '] },
      {},
      { organizationIds: [] },
      { organizationIds: [''] },
      { organizationIds: 'o1' },
    ],
  },
  'Add User Groups': {
    valid: [{ organizationId: 'o1', organizationUserGroups: [{ groupId: 'g', groupName: 'G' }] }],
    invalid: [
      { organizationId: 'o1', organizationUserGroups: [] },
      { organizationUserGroups: [{ groupId: 'g', groupName: 'G' }] },
    ],
  },
  'Add Users to Groups': {
    valid: [{ organizationId: 'o1', organizationUserGroupId: 'g1', userIds: ['u1'] }],
    invalid: [
      { organizationId: 'o1', organizationUserGroupId: 'g1' },
      { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: [] },
    ],
  },
  'Delete Users from Groups': {
    valid: [
      { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: ['u1'] },
      { organizationId: 'o1', organizationUserGroupId: 'g1', deleteAll: true },
      { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: ['u1'], deleteAll: false },
    ],
    invalid: [
      { organizationId: 'o1', organizationUserGroupId: 'g1' },
      { organizationId: 'o1', organizationUserGroupId: 'g1', deleteAll: false },
      { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: ['u1'], deleteAll: true },
      { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: [] },
    ],
  },
  'Get Folders (v2)': {
    valid: [{ organizationId: 'o1' }, { organizationId: 'o1', folderId: 'f1', maxDepth: 3 }],
    invalid: [{}, { organizationId: 'o1', maxDepth: 0 }, { organizationId: 'o1', maxDepth: 1.5 }],
  },
  'Get Folders (v1)': {
    valid: [{ organizationId: 'o1' }, { organizationId: 'o1', folderId: 'f1' }],
    invalid: [{}, { organizationId: 'o1', folderId: '' }],
  },
  'Add Folder': {
    valid: [
      {
        organizationId: 'o1',
        createOrganization: true,
        folders: [
          { folderId: 'f1', folderName: 'One' },
          { folderId: 'f2', folderName: 'Two', parentFolderId: 'f1', accessType: 'restricted' },
        ],
      },
    ],
    invalid: [
      { organizationId: 'o1', folders: [] },
      { organizationId: 'o1', folders: [{ folderId: 'f1', folderName: '' }] },
      { organizationId: 'o1', folders: [{ folderId: 'f1', folderName: 'A', accessType: 'x' }] },
      {
        organizationId: 'o1',
        folders: [{ folderId: 'f1', folderName: 'A', parentFolderId: 'f1' }],
      },
    ],
  },
  'Get Documents': {
    valid: [
      { organizationId: 'o1' },
      { organizationId: 'o1', documentIds: manyIds(30), pageSize: 50 },
    ],
    invalid: [
      {},
      { organizationId: 'o1', pageSize: -1 },
      { organizationId: 'o1', pageSize: 1001 },
      { organizationId: 'o1', documentIds: [] },
      { organizationId: 'o1', documentIds: manyIds(31) },
    ],
  },
  'Add Documents': {
    valid: [{ organizationId: 'o1', documents: [{ documentId: 'd1', documentName: 'Doc' }] }],
    invalid: [
      { organizationId: 'o1', documents: [] },
      { organizationId: 'o1', documents: [{ documentId: 'd1' }] },
    ],
  },
  'Migrate Documents': {
    valid: [
      { organizationId: 'o1', documentId: 'd1', newDocumentId: 'd2' },
      { organizationId: 'o1', documentId: 'stored\u0001before', newDocumentId: 'd 2' },
    ],
    invalid: [
      { organizationId: 'o1', documentId: 'd1', newDocumentId: 'new\u0001id' },
      { organizationId: 'o1', documentId: 'd1' },
      { organizationId: 'o1', documentId: 'd1', newDocumentId: 'd1' },
    ],
  },
  'Migrate Documents Status': {
    valid: [{ organizationId: 'o1', migrationId: 'm1' }],
    invalid: [{ organizationId: 'o1' }, { migrationId: 'm1' }],
  },
  'Get User Groups': {
    valid: [
      { organizationId: 'o1' },
      { organizationId: 'o1', groupIds: manyIds(30), pageSize: 1000, pageToken: 't' },
    ],
    invalid: [
      {},
      { organizationId: '' },
      { organizationId: 'o1', groupIds: [] },
      { organizationId: 'o1', groupIds: manyIds(31) },
      { organizationId: 'o1', groupIds: [''] },
      { organizationId: 'o1', pageSize: 0 },
      { organizationId: 'o1', pageSize: 1001 },
      { organizationId: 'o1', pageToken: '' },
    ],
  },
  'Get Users': {
    valid: [
      { organizationId: 'o1' },
      { organizationId: 'o1', userIds: manyIds(30), organizationUserGroupIds: manyIds(30) },
      { organizationId: 'o1', allDocuments: true, groupByDocumentId: true, pageSize: 10 },
    ],
    invalid: [
      {},
      { organizationId: 'o1', userIds: manyIds(31) },
      { organizationId: 'o1', organizationUserGroupIds: manyIds(31) },
      { organizationId: 'o1', documentId: 'd1', folderId: 'f1' },
      { organizationId: 'o1', groupByDocumentId: true },
      { organizationId: 'o1', pageSize: 0 },
    ],
  },
  'Add Users': {
    valid: [{ organizationId: 'o1', documentId: 'd1', users: [user] }],
    invalid: [
      { organizationId: 'o1', users: [] },
      { organizationId: 'o1', users: [{ ...user, email: 'nope' }] },
      { organizationId: 'o1', users: [user, user] },
    ],
  },
  'Get All User Data': {
    valid: [
      { organizationId: 'o1', userId: 'u1' },
      { organizationId: 'o1', userId: 'u1', pageToken: 't' },
    ],
    invalid: [{ organizationId: 'o1' }, { userId: 'u1' }],
  },
  'Delete All User Data': {
    valid: [{ userIds: ['u1'] }, { userIds: ['u1'], organizationIds: ['o1'] }],
    invalid: [{}, { userIds: [] }, { userIds: ['u1'], organizationIds: [] }],
  },
  'Get Data Deletion Job': { valid: [{ jobId: 'j1' }], invalid: [{}, { jobId: '' }] },
  'Add Notifications': {
    valid: [
      {
        organizationId: 'o1',
        documentId: 'd1',
        actionUser: user,
        notificationId: 'n_1-a',
        displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser}',
        displayHeadlineMessageTemplateData: { actionUser: user, recipientUser: user, topic: 'x' },
        displayBodyMessage: 'Body',
        notifyUsers: [],
        notificationSourceData: { anything: [1, 2] },
      },
      {
        organizationId: 'o1',
        documentId: 'd1',
        createOrganization: true,
        createDocument: true,
        locationId: 'l1',
        actionUser: user,
        displayHeadlineMessageTemplate: '{actionUser} asked',
        displayBodyMessage: 'Body',
        notifyUsers: [user],
        notifyAll: false,
      },
    ],
    invalid: [
      {},
      {
        organizationId: 'o1',
        documentId: 'd1',
        actionUser: user,
        notificationId: 'bad id!',
        displayHeadlineMessageTemplate: 'H',
        displayBodyMessage: 'B',
        notifyUsers: [user],
      },
      {
        organizationId: 'o1',
        documentId: 'd1',
        actionUser: user,
        displayHeadlineMessageTemplate: 'H',
        displayBodyMessage: 'B',
        notifyUsers: [],
        notifyAll: false,
      },
    ],
  },
  'Delete Notifications': {
    valid: [
      { organizationId: 'o1', documentId: 'd1' },
      { organizationId: 'o1', userId: 'u1', notificationIds: ['n1'] },
    ],
    invalid: [{}, { organizationId: 'o1' }, { organizationId: 'o1', notificationIds: [] }],
  },
  'Get Notifications': {
    valid: [
      { organizationId: 'o1' },
      {
        organizationId: 'o1',
        documentId: 'd1',
        locationId: 'l1',
        userId: 'u1',
        notificationIds: ['n1'],
        order: 'asc',
        pageSize: 1000,
      },
    ],
    invalid: [
      {},
      { organizationId: 'o1', order: 'newest' },
      { organizationId: 'o1', pageSize: 0 },
      { organizationId: 'o1', pageSize: 1001 },
      { organizationId: 'o1', notificationIds: manyIds(31) },
    ],
  },
  'Get Activity Config': { valid: [undefined, {}], invalid: [null, 'x', []] },
  'Update Activity Config': {
    valid: [
      { activityServiceConfig: { immutable: true } },
      {
        activityServiceConfig: {
          isEnabled: false,
          triggers: { comment: { 'comment.add': false } },
        },
      },
      { activityServiceConfig: { enabledTime: 1_700_000_000_000 } },
    ],
    invalid: [
      undefined,
      {},
      { activityServiceConfig: {} },
      { activityServiceConfig: { isEnabled: 'yes' } },
      { activityServiceConfig: { immutable: true, extra: 1 } },
      { activityServiceConfig: { triggers: { comment: { 'comment.edit': true } } } },
      { activityServiceConfig: { triggers: { reaction: {} } } },
      { activityServiceConfig: { triggers: { comment: { 'comment.add': 'on' } } } },
      { activityServiceConfig: { enabledTime: -1 } },
      { activityServiceConfig: { enabledTime: 8_640_000_000_000_000 } },
    ],
  },
  'Update Activity Logs': {
    valid: [
      {
        organizationId: 'o1',
        activities: [{ id: 'a1', changes: { status: { from: 'open', to: 'done' } } }],
      },
    ],
    invalid: [
      { organizationId: 'o1', activities: [] },
      { organizationId: 'o1', activities: [{ id: 'a1' }] },
      { organizationId: 'o1', activities: [{ changes: {} }] },
      { organizationId: 'o1', activities: [{ id: 'a1', actionIcon: 'x', actionType: 'edit' }] },
    ],
  },
  'Add Activity Logs': {
    valid: [
      {
        organizationId: 'o1',
        activities: [{ featureType: 'comment', actionType: 'add', actionUser: user }],
      },
    ],
    invalid: [
      { organizationId: 'o1', activities: [{ featureType: 'comment', actionUser: user }] },
      { organizationId: 'o1', activities: [] },
    ],
  },
  'Get Activity Logs': {
    valid: [
      { organizationId: 'o1' },
      {
        organizationId: 'o1',
        documentId: 'd1',
        featureTypes: ['comment'],
        actionTypes: ['comment.add'],
        userId: 'u1',
        activityIds: ['a1'],
        order: 'asc',
        pageSize: 1000,
        pageToken: 't',
      },
    ],
    invalid: [
      {},
      { organizationId: 'o1', pageSize: 0 },
      { organizationId: 'o1', pageSize: 1001 },
      { organizationId: 'o1', activityIds: manyIds(31) },
      { organizationId: 'o1', featureTypes: [] },
      { organizationId: 'o1', order: 'newest' },
    ],
  },
  'Add Reactions': {
    valid: [
      {
        organizationId: 'o1',
        documentId: 'd1',
        reactions: [{ reactionId: 'r1', annotationId: 'ann1', icon: '👍', from: user }],
      },
    ],
    invalid: [
      { organizationId: 'o1', documentId: 'd1', reactions: [] },
      { organizationId: 'o1', documentId: 'd1', reactions: [{ icon: '', from: user }] },
      { organizationId: 'o1', reactions: [{ icon: '👍', from: user }] },
      {
        organizationId: 'o1',
        documentId: 'd1',
        reactions: [
          { reactionId: 'r1', icon: '👍', from: user },
          { reactionId: 'r1', icon: '🎉', from: user },
        ],
      },
    ],
  },
  'Add Recordings': {
    valid: [
      {
        organizationId: 'o1',
        documentId: 'd1',
        recordings: [
          { recordingId: 'rec1', type: 'screen', url: 'https://m.example.com/1', from: user },
          { type: 'audio', url: 'https://m.example.com/2', durationMs: 1500, from: user },
        ],
      },
    ],
    invalid: [
      { organizationId: 'o1', documentId: 'd1', recordings: [] },
      {
        organizationId: 'o1',
        documentId: 'd1',
        recordings: [{ type: 'photo', url: 'https://m.example.com/1', from: user }],
      },
      {
        organizationId: 'o1',
        documentId: 'd1',
        recordings: [{ type: 'audio', url: 'ftp://m.example.com/1', from: user }],
      },
      {
        organizationId: 'o1',
        documentId: 'd1',
        recordings: [{ type: 'audio', url: 'https://m.example.com/1', durationMs: -1, from: user }],
      },
    ],
  },
  'Add Comment Annotations': {
    valid: [
      {
        organizationId: 'o1',
        documentId: 'd1',
        commentAnnotations: [{ commentData: [{ commentText: 'Hi', from: user }] }],
      },
    ],
    invalid: [
      { organizationId: 'o1', documentId: 'd1', commentAnnotations: [{ commentData: [] }] },
      {
        organizationId: 'o1',
        commentAnnotations: [{ commentData: [{ commentText: 'Hi', from: user }] }],
      },
    ],
  },
  'List Agent Executions': {
    valid: [
      undefined,
      {},
      { pageSize: 500, status: 'running', orderDirection: 'asc' },
      { organizationId: 'o1', documentId: 'd1', agentId: 'a1' },
    ],
    invalid: [
      { pageSize: 0 },
      { pageSize: 501 },
      { status: 'done' },
      { orderDirection: 'up' },
      { cursor: '' },
    ],
  },
  'Add Agent Executions': {
    valid: [
      {
        executions: [
          {
            id: 'x1',
            agentId: 'a1',
            agentName: 'Reviewer',
            agentVersion: 2,
            status: 'passed',
            message: 'ok',
            startedAt: 1_700_000_000_000,
            completedAt: 1_700_000_001_000,
            durationMs: 1000,
            trigger: 'standalone',
          },
        ],
      },
      {
        executions: [
          {
            id: 'x2',
            agentId: 'a1',
            agentName: 'Reviewer',
            agentVersion: 2,
            status: 'running',
            message: 'reviewing',
            startedAt: 1_700_000_000_000,
            trigger: 'standalone',
            organizationId: 'o1',
            documentId: 'd1',
            metadata: { pullRequest: 7 },
          },
        ],
      },
    ],
    invalid: [
      { executions: [] },
      {
        executions: [
          {
            id: 'x1',
            agentId: 'a1',
            agentName: 'R',
            agentVersion: 1,
            status: 'running',
            message: '',
            startedAt: 1,
            completedAt: 2,
            trigger: 'standalone',
          },
        ],
      },
    ],
  },
  'Suggest Decision': {
    valid: [
      { query: 'Approve the refund?' },
      { query: 'q', organizationId: 'o1', documentId: 'd1' },
    ],
    invalid: [{}, { query: '   ' }, { query: 'q', documentId: 'd1' }],
  },
  'Add Judgments': {
    valid: [
      { judgments: [{ text: 'Refund', decision: 'approve', reviewerId: 'r1' }] },
      {
        judgments: [
          {
            judgmentId: 'j1',
            organizationId: 'o1',
            documentId: 'd1',
            text: 'Refund',
            decision: 'reject',
            reason: 'No',
            reviewerId: 'u1',
            decidedAt: 0,
          },
        ],
      },
    ],
    invalid: [
      { judgments: [] },
      { judgments: [{ text: 'Refund', decision: 'maybe', reviewerId: 'r1' }] },
      { judgments: [{ text: 'R', decision: 'reject', reviewerId: 'r1', documentId: 'd1' }] },
    ],
  },
  'Get Judgments': {
    valid: [
      {},
      {
        organizationId: 'o1',
        documentId: 'd1',
        decision: 'approve',
        reviewerId: 'u1',
        pageSize: 100,
      },
    ],
    invalid: [{ documentId: 'd1' }, { pageSize: 101 }, { decision: 'approved' }],
  },
  ...emailServiceCases,
};
