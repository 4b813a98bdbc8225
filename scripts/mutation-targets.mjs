// What `npm run mutate` mutates, and against which tests: each file of the core's money
// paths alone, against the tests named after it or that import it, so a score says how much
// of that file its own tests protect (not what a slow end-to-end test happens to touch).
export const TARGETS = {
  'pending-ledger': {
    file: 'src-main/core/pending-ledger.ts',
    tests: ['test/main/core/pending-ledger.test.ts', 'test/main/core/api-client.test.ts', 'test/main/core/pending-ledger.doors.test.ts', 'test/main/app/offline/account-pending-store.test.ts'],
  },
  'rate-scheduler': {
    file: 'src-main/core/rate-scheduler.ts',
    tests: ['test/main/core/rate-scheduler.test.ts'],
  },
  'outgoing-changes': {
    file: 'src-main/core/outgoing-changes.ts',
    tests: ['test/main/core/outgoing-changes.test.ts', 'test/main/core/outgoing-changes.service.test.ts'],
  },
  'answer-verdict': {
    file: 'src-main/core/answer-verdict.ts',
    tests: ['test/main/core/outgoing-changes.test.ts', 'test/main/core/outgoing-changes.service.test.ts'],
  },
  'reconnect-backoff': {
    file: 'src-main/core/reconnect-backoff.ts',
    tests: ['test/main/core/reconnect-backoff.test.ts', 'test/main/core/herd-sim.test.ts', 'test/main/core/restart-close.test.ts'],
  },
  'counter-merge': {
    file: 'src-main/core/counter-merge.ts',
    tests: ['test/main/core/counter-merge.test.ts'],
  },
};
