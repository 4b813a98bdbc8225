// Main's side of the one sanitizer (src-shared/text/server-text.ts). Server text is
// sanitized where it enters, in the core (counter names, refusal and error messages,
// frames), with the core's own token; main applies the same function to what it writes to
// logs and to text it reads from its own files (the last-known counters), with every
// token this run has seen.
import { createServerTextCleaner } from '../../src-shared/text/server-text';

export { REDACTED, sanitizeServerText, TEXT_LIMITS, type ServerTextCleaner } from '../../src-shared/text/server-text';

/** A sanitizer bound to the secrets of this run (the controller keeps the set). */
export const createSanitizer = createServerTextCleaner;
