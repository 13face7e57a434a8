import type { AreaNames } from '../names';
import { imports } from '../paths';

/**
 * How the generated service test calls the service: the one place that knows the wire. Until the
 * contract's typed client lands, it posts to the path of the contract's entry with the key's
 * headers and reads the envelope; switching to the client changes these lines, not the tests.
 */
export function serviceCalls(): { imports: string; code: string } {
  return {
    imports: `import type { AnyEndpoint, Answer, DataOf } from '${imports.contractEndpoint}';
import { type WorkspaceFixture, createWorkspaceFixture } from '${imports.fixtures}';
import { type TestService, startTestService } from '${imports.testService}';`,
    code: `interface Refusal {
  httpStatus: number;
  status: string;
  message: string;
}

/** The body of a reply, success or error. */
interface Body<E extends AnyEndpoint> {
  result?: { data: DataOf<E>; message: string; nextPageToken?: string | null };
  error?: { status: string; message: string };
}

/** Calls an endpoint as the key of \`fx\`, through the contract's client: its answer, or its refusal. */
async function send<E extends AnyEndpoint>(
  fx: WorkspaceFixture,
  endpoint: E,
  data: unknown,
): Promise<Answer<DataOf<E>> | Refusal> {
  const reply = await fx.send(endpoint, data);
  const { result, error } = reply.body as Body<E>;
  if (result) return { data: result.data, message: result.message, pageToken: result.nextPageToken };
  return { httpStatus: reply.status, status: error?.status ?? '', message: error?.message ?? '' };
}

/** The answer of a call that must succeed. */
async function answer<E extends AnyEndpoint>(fx: WorkspaceFixture, endpoint: E, data: unknown) {
  const reply = await send(fx, endpoint, data);
  if ('httpStatus' in reply) throw new Error(\`\${endpoint.name}: \${JSON.stringify(reply)}\`);
  return reply;
}

/** The refusal of a call that must fail. */
async function refusal(fx: WorkspaceFixture, endpoint: AnyEndpoint, data: unknown) {
  const reply = await send(fx, endpoint, data);
  if (!('httpStatus' in reply)) throw new Error(\`\${endpoint.name} succeeded: \${JSON.stringify(reply)}\`);
  return reply;
}`,
  };
}

/** The service test: both endpoints through HTTP on a real database. */
export function serviceTestFile(n: AreaNames): string {
  const i = n.item;
  const calls = serviceCalls();
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add${n.pascal}, list${n.pascal} } from '${imports.contract(n.kebab)}';
import { ${n.camel}Cases } from '${imports.contract(`testing/${n.kebab}-cases`)}';
${calls.imports}

/** Each call moves the clock on by a second: what one call adds is newer than the last call's. */
let now = Date.parse('2026-03-01T10:00:00.000Z');
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => {
      now += 1000;
      return new Date(now);
    },
  });
});
afterAll(() => svc.close());

${calls.code}

/** Adds ${n.words} by id, one call per group; answers the ids newest first, as the list orders them. */
async function added(fx: WorkspaceFixture, ...groups: string[][]): Promise<string[]> {
  for (const ids of groups) {
    const results = (
      await answer(fx, add${n.pascal}, { ${n.camel}: ids.map((id) => ({ ${i.camel}Id: id, name: \`Name of \${id}\` })) })
    ).data;
    expect(Object.values(results).every((result) => result.success)).toBe(true);
  }
  return groups.toReversed().flatMap((ids) => ids.toSorted().toReversed());
}

/** Every page of the list, by its tokens: the ids in the order they came. */
async function walk(fx: WorkspaceFixture, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let pageToken: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await answer(fx, list${n.pascal}, { pageSize, pageToken });
    expect(page.data.length).toBeLessThanOrEqual(pageSize);
    seen.push(...page.data.map((${i.camel}) => ${i.camel}.id));
    if (!page.pageToken) return seen;
    pageToken = page.pageToken;
  }
  throw new Error('more than 100 pages');
}

describe('List ${n.title}', () => {
  it('answers the ${n.words} newest first, each once whatever the page size', async () => {
    const fx = await createWorkspaceFixture(svc);
    const ids = await added(fx, ['b', 'a', 'c'], ['e', 'd'], ['f']);
    const first = await answer(fx, list${n.pascal}, {});
    expect(first.message).toBe('${n.label} retrieved successfully.');
    expect(first.pageToken).toBeNull();
    expect(first.data.map((${i.camel}) => ${i.camel}.id)).toEqual(ids);
    expect(first.data[0]).toMatchObject({ id: 'f', name: 'Name of f' });
    // ISO date-times, the newest first: the last call's after the first call's.
    const times = first.data.map((${i.camel}) => ${i.camel}.createdAt);
    for (const time of times) expect(new Date(time).toISOString()).toBe(time);
    expect(times.toSorted().toReversed()).toEqual(times);
    expect(times[0]).not.toBe(times.at(-1));
    for (const pageSize of [1, 2, 4, 1000]) expect(await walk(fx, pageSize)).toEqual(ids);
  });

  it('refuses a page token of another key, and one that was not handed out', async () => {
    const fx = await createWorkspaceFixture(svc);
    await added(fx, ['a', 'b']);
    const { pageToken } = await answer(fx, list${n.pascal}, { pageSize: 1 });
    const other = await createWorkspaceFixture(svc);
    for (const [caller, token] of [
      [other, pageToken],
      [fx, 'pt_forged.signature'],
    ] as const) {
      expect(await refusal(caller, list${n.pascal}, { pageToken: token })).toEqual({
        httpStatus: 400,
        status: 'INVALID_ARGUMENT',
        message: 'data.pageToken is not valid for this list and filters; start again without it.',
      });
    }
  });

  it('shows one key nothing of another', async () => {
    const fx = await createWorkspaceFixture(svc);
    await added(fx, ['a']);
    const other = await createWorkspaceFixture(svc);
    expect((await answer(other, list${n.pascal}, {})).data).toEqual([]);
  });
});

describe('Add ${n.title}', () => {
  it('refuses an id the key has in its own result, and adds the others', async () => {
    const fx = await createWorkspaceFixture(svc);
    await added(fx, ['a']);
    const results = await answer(fx, add${n.pascal}, {
      ${n.camel}: [
        { ${i.camel}Id: 'a', name: 'Again' },
        { ${i.camel}Id: 'b', name: 'New' },
      ],
    });
    expect(results.data).toEqual({
      a: { success: false, id: 'a', message: '${i.label} a already exists.' },
      b: { success: true, id: 'b', message: '${i.label} added.' },
    });
    const listed = (await answer(fx, list${n.pascal}, {})).data;
    expect(listed.map((${i.camel}) => [${i.camel}.id, ${i.camel}.name])).toEqual([
      ['b', 'New'],
      ['a', 'Name of a'],
    ]);
  });

  it('refuses every invalid sample with INVALID_ARGUMENT, and stores nothing', async () => {
    const fx = await createWorkspaceFixture(svc);
    for (const data of ${n.camel}Cases['Add ${n.title}']?.invalid ?? []) {
      const refused = await refusal(fx, add${n.pascal}, data);
      expect(refused.httpStatus, JSON.stringify(data)).toBe(400);
      expect(refused.status).toBe('INVALID_ARGUMENT');
    }
    expect((await answer(fx, list${n.pascal}, {})).data).toEqual([]);
  });
});
`;
}
