// The service's state: users and tokens from the fixtures, counters that change.
// Every mutation validates first and then applies in one step, so a rejected request
// never leaves a half-applied change; `onChange` persists after each applied change.
import type { CounterRecord, FixtureMember, FixtureUser, LoadedFixtures } from './fixtures';

export interface PersistedState {
  counters: CounterRecord[];
  revokedTokens: string[];
}

export class CounterStore {
  private readonly users = new Map<string, FixtureUser>();
  private readonly userIdByToken = new Map<string, string>();
  private readonly counters = new Map<string, CounterRecord>();
  private readonly revoked = new Set<string>();

  constructor(
    fixtures: LoadedFixtures,
    private readonly onChange: (state: PersistedState) => void = () => {},
  ) {
    for (const u of fixtures.users) {
      this.users.set(u.id.toLowerCase(), u);
      this.userIdByToken.set(u.token, u.id.toLowerCase());
    }
    for (const c of fixtures.counters) this.counters.set(c.id.toLowerCase(), structuredClone(c));
  }

  /** Replaces counters and revocations with a persisted state (already validated). */
  restore(state: PersistedState): void {
    this.counters.clear();
    for (const c of state.counters) this.counters.set(c.id.toLowerCase(), structuredClone(c));
    this.revoked.clear();
    for (const t of state.revokedTokens) this.revoked.add(t);
  }

  snapshot(): PersistedState {
    return { counters: [...this.counters.values()].map((c) => structuredClone(c)), revokedTokens: [...this.revoked] };
  }

  userIdForToken(token: string): string | undefined {
    if (this.revoked.has(token)) return undefined;
    return this.userIdByToken.get(token);
  }

  user(userId: string): FixtureUser | undefined {
    return this.users.get(userId.toLowerCase());
  }

  hasUser(userId: string): boolean {
    return this.users.has(userId.toLowerCase());
  }

  revokeToken(token: string): void {
    this.revoked.add(token);
    // A revocation holds in memory even if it cannot be saved: failing open would be worse.
    this.onChange(this.snapshot());
  }

  get(id: string): CounterRecord | undefined {
    return this.counters.get(id.toLowerCase());
  }

  /** Counters the user is a member of, in fixture order. */
  visibleTo(userId: string): CounterRecord[] {
    const uid = userId.toLowerCase();
    return [...this.counters.values()].filter((c) => c.members.some((m) => m.userId.toLowerCase() === uid));
  }

  /** Stores a fully validated replacement of a counter. */
  replace(next: CounterRecord): CounterRecord {
    const key = next.id.toLowerCase();
    this.transact(key, () => this.counters.set(key, structuredClone(next)));
    return next;
  }

  add(counter: CounterRecord): void {
    this.replace(counter);
  }

  delete(id: string): CounterRecord | undefined {
    const existing = this.get(id);
    if (!existing) return undefined;
    this.transact(id.toLowerCase(), () => this.counters.delete(id.toLowerCase()));
    return existing;
  }

  /**
   * Applies a change to one counter and persists it; if persisting fails the change is
   * undone, so memory never holds what the state file does not (no half-applied change).
   */
  private transact(key: string, change: () => void): void {
    const before = this.counters.get(key);
    change();
    try {
      this.onChange(this.snapshot());
    } catch (e) {
      if (before) this.counters.set(key, before);
      else this.counters.delete(key);
      throw e;
    }
  }

  setMembers(id: string, members: FixtureMember[]): { before: FixtureMember[]; after: CounterRecord } | undefined {
    const existing = this.get(id);
    if (!existing) return undefined;
    const after = { ...existing, members: members.map((m) => ({ ...m })) };
    this.replace(after);
    return { before: existing.members, after };
  }
}

export function memberOf(counter: CounterRecord, userId: string): FixtureMember | undefined {
  const uid = userId.toLowerCase();
  return counter.members.find((m) => m.userId.toLowerCase() === uid);
}
