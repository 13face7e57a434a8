import type { Workspace } from '#contract/workspace';

/** A Map that forgets its oldest entries past a size, so memory stays bounded. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A bounded cache that any write may make stale as a whole: `clear()` forgets every entry and
 * opens a new generation, and a value read from the database before a clear is never stored
 * after it (`set` takes the generation `mark()` gave before the read).
 */
export class GenerationCache<V> {
  private readonly entries: BoundedCache<V>;
  private generation = 0;

  constructor(max: number) {
    this.entries = new BoundedCache(max);
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** The generation now, to hand to `set` with what is read next. */
  mark(): number {
    return this.generation;
  }

  set(key: string, value: V, mark: number): void {
    if (mark === this.generation) this.entries.set(key, value);
  }

  delete(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

export interface WorkspaceCredential {
  hash: string;
  /** The raw token last accepted; kept in memory only, never written anywhere. */
  accepted?: string;
}

export interface ApiKeyCredential {
  hash: string;
  workspaceId: string;
  ownerSince: Date;
  verifiedAt: Date | null;
}

/**
 * The credentials authenticated calls present, kept in memory by every process. On the embedded
 * database (one process writes it, and every write evicts what it changes) what is kept is
 * trusted; on PostgreSQL other processes write too, so a credential kept here admits a read only
 * with its statement sent in the read's own round trip and its answer compared
 * (`db/read-check.ts`): `checked`.
 */
export interface CredentialCaches {
  /** What is kept admits a read only with its check carried (PostgreSQL). */
  checked: boolean;
  workspaceToken: BoundedCache<WorkspaceCredential>;
  apiKeyCredential: BoundedCache<ApiKeyCredential>;
  /**
   * Sessions as a session's request reads them, with the member's role (`rows/session-store.ts`),
   * by token hash and the ids the request names. On the embedded database every committed write
   * call clears it (a write that ends a session or changes a member goes through one), so a
   * removal or a role change holds at the next request as without it.
   */
  sessions: GenerationCache<object>;
}

/**
 * What authenticated reads need, kept in memory: the credentials, and on the embedded database
 * (one writer, this process, which evicts what it changes) the workspace's view too.
 */
export interface Caches extends CredentialCaches {
  workspaceView: BoundedCache<Workspace>;
}

export function createCredentialCaches(checked: boolean): CredentialCaches {
  return {
    checked,
    workspaceToken: new BoundedCache(10_000),
    apiKeyCredential: new BoundedCache(50_000),
    sessions: new GenerationCache(10_000),
  };
}

/** The caches of the embedded database, whose only writer is this process. */
export function createCaches(): Caches {
  return { ...createCredentialCaches(false), workspaceView: new BoundedCache(10_000) };
}

/** Freezes a value to be cached and shared, all the way down, so no reader can change it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
