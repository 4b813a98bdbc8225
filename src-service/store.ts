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
    this.counters.set(next.id.toLowerCase(), structuredClone(next));
    this.onChange(this.snapshot());
    return next;
  }

  add(counter: CounterRecord): void {
    this.replace(counter);
  }

  delete(id: string): CounterRecord | undefined {
    const existing = this.get(id);
    if (!existing) return undefined;
    this.counters.delete(id.toLowerCase());
    this.onChange(this.snapshot());
    return existing;
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
