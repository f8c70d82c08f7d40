import { LRUCache } from 'lru-cache';
import type { ChangeChannel } from '../db/change-notifications';
import type { Database } from '../db/client';

/**
 * An in-process LRU cache that is emptied when the data it holds changes (docs/performance.md,
 * "Response cache"). Its owner calls `invalidate()` on each change notification and `setListening()`
 * as notifications start and stop arriving (db/change-notifications.ts); `follow` wires both to a database. A value is kept only if no
 * change arrived between `begin()` — taken before the value was read from the database — and
 * `set()`, and nothing is served or kept while notifications cannot arrive: a change is never missed.
 */
export class ChangeAwareCache<V extends object> {
  private readonly lru: LRUCache<string, V>;
  private generation = 0;
  private listening = false;

  constructor(options: LRUCache.Options<string, V, unknown>) {
    this.lru = new LRUCache(options);
  }

  /** A committed change: everything kept goes. */
  invalidate(): void {
    this.generation += 1;
    this.lru.clear();
  }

  /** Whether change notifications can arrive; either way the cache starts empty. */
  setListening(up: boolean): void {
    this.listening = up;
    this.invalidate();
  }

  /** The token to pass to `set` for a value about to be read. */
  begin(): number {
    return this.generation;
  }

  get(key: string): V | undefined {
    return this.listening ? this.lru.get(key) : undefined;
  }

  /** Keeps `value` unless a change arrived since `since` (from `begin()`) or notifications are off. */
  set(key: string, value: V, since: number): void {
    if (this.listening && since === this.generation) this.lru.set(key, value);
  }

  /**
   * Empties this cache on each notification of `channel` and follows whether notifications can
   * arrive (`setListening`). Resolves, once listening has been attempted, to a function that stops.
   */
  follow(database: Pick<Database, 'listen'>, channel: ChangeChannel): Promise<() => Promise<void>> {
    return database.listen({
      changed: (notified) => {
        if (notified === channel) this.invalidate();
      },
      listening: (up) => this.setListening(up),
    });
  }
}
