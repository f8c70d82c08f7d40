import { LRUCache } from 'lru-cache';
import type { ChangeChannel } from '../db/change-notifications';
import type { Database } from '../db/client';

/**
 * The tenant a kept value was read for. A value with both ids is dropped by a change of its
 * dealership, of its organization as a whole, or of everything; a value without them (`undefined`
 * scope) by any change.
 */
export interface CacheScope {
  organizationId: number;
  dealershipId: number;
}

/**
 * What a change reaches: a dealership (`dealershipId` set; dealership ids are unique across
 * organizations), a whole organization (`organizationId` only), or everything (neither).
 */
export interface ChangeScope {
  organizationId: number | null;
  dealershipId: number | null;
}

const EVERYTHING: ChangeScope = { organizationId: null, dealershipId: null };

interface Kept<V> {
  value: V;
  scope: CacheScope | undefined;
}

/** Adds `key` to the set of `index` under `id`. */
function addTo(index: Map<number, Set<string>>, id: number, key: string) {
  let keys = index.get(id);
  if (!keys) index.set(id, (keys = new Set()));
  keys.add(key);
}

/** Removes `key` from the set of `index` under `id` (and the set when it empties). */
function removeFrom(index: Map<number, Set<string>>, id: number, key: string) {
  const keys = index.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(id);
}

/**
 * An in-process LRU cache that drops what a change can reach (docs/performance.md, "Response
 * cache"). Its owner calls `invalidate()` on each change notification — with the change's scope, or
 * none for "everything" — and `setListening()` as notifications start and stop arriving
 * (db/change-notifications.ts); `follow` wires both to a database. A value is kept only if no change
 * reaching its scope arrived between `begin()` — taken before the value was read from the database —
 * and `set()`, and nothing is served or kept while notifications cannot arrive: a change is never missed.
 */
export class ChangeAwareCache<V extends object> {
  private readonly lru: LRUCache<string, Kept<V>>;
  /** Counts changes; `begin()` hands out its value, and each change below records it. */
  private sequence = 0;
  private lastEverything = 0;
  /** The last change of any scope: what a value without a scope must not have missed. */
  private lastAny = 0;
  private readonly lastByOrganization = new Map<number, number>();
  private readonly lastByDealership = new Map<number, number>();
  private readonly keysByOrganization = new Map<number, Set<string>>();
  private readonly keysByDealership = new Map<number, Set<string>>();
  private readonly unscopedKeys = new Set<string>();
  private listening = false;

  constructor(options: LRUCache.Options<string, V, unknown>) {
    const { sizeCalculation, ...rest } = options;
    this.lru = new LRUCache<string, Kept<V>>({
      ...(rest as LRUCache.Options<string, Kept<V>, unknown>),
      ...(sizeCalculation ? { sizeCalculation: (kept, key) => sizeCalculation(kept.value, key) } : {}),
      dispose: (kept, key, reason) => {
        // An overwrite keeps the key (with the same scope: it is part of the key's meaning).
        if (reason !== 'set') this.unindex(key, kept.scope);
      },
    });
  }

  private unindex(key: string, scope: CacheScope | undefined) {
    if (!scope) {
      this.unscopedKeys.delete(key);
      return;
    }
    removeFrom(this.keysByOrganization, scope.organizationId, key);
    removeFrom(this.keysByDealership, scope.dealershipId, key);
  }

  /** A committed change of `change` (everything when omitted): what it can reach goes. */
  invalidate(change: ChangeScope = EVERYTHING): void {
    this.sequence += 1;
    const now = this.sequence;
    this.lastAny = now;
    const drop = (keys: Iterable<string> | undefined) => {
      for (const key of [...(keys ?? [])]) this.lru.delete(key);
    };
    drop(this.unscopedKeys);
    if (change.dealershipId !== null) {
      this.lastByDealership.set(change.dealershipId, now);
      drop(this.keysByDealership.get(change.dealershipId));
    } else if (change.organizationId !== null) {
      this.lastByOrganization.set(change.organizationId, now);
      drop(this.keysByOrganization.get(change.organizationId));
    } else {
      this.lastEverything = now;
      this.lru.clear();
    }
  }

  /** Whether change notifications can arrive; either way the cache starts empty. */
  setListening(up: boolean): void {
    this.listening = up;
    this.invalidate();
  }

  /** The token to pass to `set` for a value about to be read. */
  begin(): number {
    return this.sequence;
  }

  get(key: string): V | undefined {
    return this.listening ? this.lru.get(key)?.value : undefined;
  }

  /** Whether a change reaching `scope` arrived after `since`. */
  private changedSince(since: number, scope: CacheScope | undefined): boolean {
    if (!scope) return this.lastAny > since;
    return (
      this.lastEverything > since ||
      (this.lastByOrganization.get(scope.organizationId) ?? 0) > since ||
      (this.lastByDealership.get(scope.dealershipId) ?? 0) > since
    );
  }

  /**
   * Keeps `value`, read for `scope` (any change drops a value without one), unless a change reaching
   * that scope arrived since `since` (from `begin()`) or notifications are off.
   */
  set(key: string, value: V, since: number, scope?: CacheScope): void {
    if (!this.listening || this.changedSince(since, scope)) return;
    this.lru.set(key, { value, scope });
    if (!this.lru.has(key)) return; // too big to keep
    if (!scope) this.unscopedKeys.add(key);
    else {
      addTo(this.keysByOrganization, scope.organizationId, key);
      addTo(this.keysByDealership, scope.dealershipId, key);
    }
  }

  /** How many values are kept (tests, figures). */
  get size(): number {
    return this.lru.size;
  }

  /**
   * Follows `channel`: each notification is passed to `changed`, which answers the scope to drop
   * (null: nothing, e.g. a kind of data this cache does not hold) — every notification empties the
   * whole cache when `changed` is omitted. Follows whether notifications can arrive
   * (`setListening`). Resolves, once listening has been attempted, to a function that stops.
   */
  follow(
    database: Pick<Database, 'listen'>,
    channel: ChangeChannel,
    changed: (payload: string) => ChangeScope | null = () => EVERYTHING,
  ): Promise<() => Promise<void>> {
    return database.listen({
      changed: (notified, payload) => {
        if (notified !== channel) return;
        const scope = changed(payload);
        if (scope) this.invalidate(scope);
      },
      listening: (up) => this.setListening(up),
    });
  }
}
