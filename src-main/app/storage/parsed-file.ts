// One of the app's JSON files read as untrusted input: a bad one is moved aside, its backup named.
import type { z } from 'zod';
import type { TextFile } from '../ports';
import { FileTooLargeError } from './text-file';

type ParsedRead<T> =
  | { status: 'missing' }
  | { status: 'ok'; data: T }
  /** Permissions, I/O: left where it is. */
  | { status: 'unreadable'; error: string }
  /** Moved aside to `backup` (null when that failed too). */
  | { status: 'invalid'; backup: string | null };

/** `maxBytes`: a larger file is refused like a bad one. */
export async function readParsed<T>(file: TextFile, schema: z.ZodType<T>, options: { maxBytes?: number } = {}): Promise<ParsedRead<T>> {
  const { maxBytes } = options;
  let text: string | null;
  try {
    text = await file.read(maxBytes === undefined ? undefined : { maxBytes });
  } catch (error) {
    if (error instanceof FileTooLargeError) return { status: 'invalid', backup: await file.backup().catch(() => null) };
    return { status: 'unreadable', error: error instanceof Error ? error.message : String(error) };
  }
  if (text === null) return { status: 'missing' };
  if (maxBytes !== undefined && text.length > maxBytes) return { status: 'invalid', backup: await file.backup().catch(() => null) };
  const parsed = schema.safeParse(parseJson(text));
  if (parsed.success) return { status: 'ok', data: parsed.data };
  return { status: 'invalid', backup: await file.backup().catch(() => null) };
}

/** Undefined for text that is not JSON: every schema refuses it. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
