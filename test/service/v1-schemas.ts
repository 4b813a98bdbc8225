// Test-side list schema for GET /v1/counters (docs/api.md §4.1 row 1), built from the shared Counter v1.
import { z } from 'zod';
import { CounterV1 } from '../../src-shared/api/schemas';

export const CounterListV1 = z.array(CounterV1);
