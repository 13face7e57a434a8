import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '#contract/credentials';
import { addDocuments, getDocuments } from '#contract/documents';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { signIn } from '../../testing/session-fixtures';
import {
  type SentStatement,
  watchNamedStatements,
  watchPackets,
  watchStatements,
} from '../../testing/statement-watch';
import {
  type TestService,
  startTestService,
  withoutBackgroundWork,
} from '../../testing/test-service';

type PageRequest = z.input<typeof getDocuments.request>;

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  // No background worker polls the database while the statements are counted.
  svc = await startTestService(withoutBackgroundWork);
  fx = await createWorkspaceFixture(svc);
  await fx.call(addDocuments, {
    organizationId: 'org-1',
    createOrganization: true,
    documents: [1, 2, 3].map((n) => ({ documentId: `doc-${n}`, documentName: `Doc ${n}` })),
  });
  await fx.call(addDocuments, {
    organizationId: 'org-2',
    createOrganization: true,
    documents: [1, 2, 4].map((n) => ({ documentId: `doc-${n}`, documentName: `Doc ${n}` })),
  });
});
afterAll(() => svc.close());

/**
 * An authenticated read costs one round trip to the database (issue 33, target 3): on PostgreSQL
 * the credential a process remembers is checked by its statement sent in the packet of the read's
 * own (`db/read-check.ts`); on the embedded database, whose only writer is this process, the
 * credential is answered from memory and the page is the only statement.
 */
describe('an authenticated read of a page', () => {
  const page = { organizationId: 'org-1', pageSize: 50 };

  async function measured(credentials: Credentials) {
    const read = () => svc.send(getDocuments, page, { credentials });
    // The first read reads the credential and remembers it.
    expect((await read()).status).toBe(200);
    const statements = watchStatements(svc.database);
    const packets = watchPackets();
    try {
      const reply = await read();
      expect(reply.status).toBe(200);
      expect(reply.body.result.data.map((d) => d.documentId)).toEqual(['doc-1', 'doc-2', 'doc-3']);
      // The embedded database's own statistics check (every 5 s) is not the request's.
      const sent = statements.take().filter((s) => !/\bpg_class\b|^analyze /.test(s));
      return { statements: sent, packets: packets.take() };
    } finally {
      packets.stop();
      statements.stop();
    }
  }

  const postgres = () => svc.database.kind === 'postgres';

  it('with an API key token: the key’s credential and the page, in one packet', async () => {
    const { statements, packets } = await measured(fx.credentials.apiKey);
    expect(statements.some((s) => s.includes('from documents'))).toBe(true);
    if (postgres()) {
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(statements[0]).toContain('from api_keys');
      expect(packets).toBe(1);
    } else {
      expect(statements, statements.join('\n')).toHaveLength(1);
    }
  });

  it('with a session: the session with the member’s role and the page, in one packet', async () => {
    const owner = await signIn(svc, fx.workspace.owner.email);
    const { statements, packets } = await measured(owner.as(fx.workspace.id, fx.apiKey));
    expect(statements.some((s) => s.includes('from documents'))).toBe(true);
    if (postgres()) {
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(statements[0]).toContain('from sessions');
      expect(packets).toBe(1);
    } else {
      expect(statements, statements.join('\n')).toHaveLength(1);
    }
  });
});

/**
 * Get Documents' page statement runs by name on PostgreSQL (issue 33, target 3): each connection
 * parses it once and PostgreSQL may keep its plan, instead of parsing and planning it on every
 * read. Its text depends only on which filters a read has, never on their values, so a handful
 * of names serve every read (a name per value would fill the named statements' cap).
 */
describe.runIf(process.env.DATABASE_URL)('Get Documents’ statements on PostgreSQL', () => {
  /** The statements one read sends, after a first read that remembers the credential. */
  async function sentBy(data: PageRequest): Promise<SentStatement[]> {
    await fx.call(getDocuments, data);
    const watch = watchNamedStatements();
    try {
      const answer = await fx.call(getDocuments, data);
      expect(answer.data.length).toBeGreaterThan(0);
      return watch.take();
    } finally {
      watch.stop();
    }
  }

  const pageOf = (sent: SentStatement[]) => {
    const pages = sent.filter((s) => s.text.includes('from documents'));
    expect(pages, sent.map((s) => s.text).join('\n')).toHaveLength(1);
    return pages[0] as SentStatement;
  };

  it('sends the credential check and the page, both named, and nothing else', async () => {
    const sent = await sentBy({ organizationId: 'org-1', pageSize: 2 });
    expect(sent, sent.map((s) => s.text).join('\n')).toHaveLength(2);
    expect(sent.every((s) => s.name !== undefined)).toBe(true);
    expect(pageOf(sent).name).toMatch(/^q_/);
  });

  it('names a page by its filters, not by their values', async () => {
    const first = pageOf(await sentBy({ organizationId: 'org-1', pageSize: 2 }));
    const other = pageOf(await sentBy({ organizationId: 'org-2', pageSize: 3 }));
    expect(other.name).toBe(first.name);
    expect(other.text).toBe(first.text);

    const one = pageOf(await sentBy({ organizationId: 'org-1', documentIds: ['doc-1'] }));
    const three = pageOf(
      await sentBy({ organizationId: 'org-2', documentIds: ['doc-1', 'doc-2', 'doc-4'] }),
    );
    expect(three.name).toBe(one.name);
    expect(one.name).not.toBe(first.name);
  });

  it('names the pages after the first by their shape too', async () => {
    const page = await fx.call(getDocuments, { organizationId: 'org-1', pageSize: 1 });
    const pageToken = page.pageToken ?? undefined;
    expect(pageToken).toBeTypeOf('string');
    const next = pageOf(await sentBy({ organizationId: 'org-1', pageSize: 1, pageToken }));
    const first = pageOf(await sentBy({ organizationId: 'org-1', pageSize: 1 }));
    expect(next.name).toMatch(/^q_/);
    expect(next.name).not.toBe(first.name);
  });
});
