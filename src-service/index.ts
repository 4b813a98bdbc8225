// The reference Counter Service's public entry: start it from code (README.md, this folder).
export { startCounterService } from './service';
export { SERVICE_LIMITS } from './service';
export type { CounterService, CounterServiceOptions, NewCounter, ServiceLimits } from './service';
export type { RequestLogEntry } from './admission';
export { DEMO_TOKEN, DEMO_USER_ID, DEMO_OTHER_TOKEN, DEMO_OTHER_USER_ID, DEMO_OUTSIDER_TOKEN, DEMO_OUTSIDER_USER_ID, DEMO_COUNTER_IDS, demoFixtures, PUBLISHED_DEMO_TOKENS } from './demo-fixtures';
export type { DemoTokens } from './demo-fixtures';
export { FixturesError, loadFixtures } from './fixtures';
export type { CounterRecord, FixturesFile, FixtureMember, FixtureUser } from './fixtures';
export { DEFAULT_VARIANT, VariantSchema, parseVariantArg, resolveVariant } from './variants';
export type { Variant, VariantInput } from './variants';
export { ServiceCode } from './errors';
export { V1_SUNSET_MS } from './versioning';
export { uuid7 } from './uuid7';
export { localDate, isKnownTimeZone } from './days';
