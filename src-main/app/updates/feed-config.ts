// The release feed from resources/app-update.yml: a generic https feed or nothing.
import { load, JSON_SCHEMA } from 'js-yaml';
import { z } from 'zod';
import { encodedPathProblem } from './feed-path';

const FeedFile = z.object({
  provider: z.literal('generic'),
  url: z.string().max(2048),
  channel: z.string().max(64).nullable().optional(),
  updaterCacheDirName: z.string().max(200).optional(),
});

export interface FeedConfig {
  /** Ending in "/": latest-linux.yml and the artifacts live under it. */
  url: string;
  /** The only origin the updater may reach. */
  origin: string;
}

type FeedConfigResult = { ok: true; feed: FeedConfig } | { ok: false; problem: string };

export function parseFeedConfig(text: string | null): FeedConfigResult {
  if (text === null) return { ok: false, problem: 'the package has no app-update.yml' };
  let raw: unknown;
  try {
    // Plain strings, numbers and booleans; no YAML dates or custom tags.
    raw = load(text, { schema: JSON_SCHEMA });
  } catch {
    return { ok: false, problem: 'app-update.yml is not valid YAML' };
  }
  const parsed = FeedFile.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'app-update.yml does not name a generic feed' };
  let url: URL;
  try {
    url = new URL(parsed.data.url);
  } catch {
    return { ok: false, problem: 'the feed address in app-update.yml is not a URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, problem: `the feed ${url.origin} is not https` };
  if (url.username || url.password || url.search || url.hash) return { ok: false, problem: 'the feed address carries credentials, a query or a fragment' };
  const folder = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  // Every request is held to the folder: it must mean what it says too.
  const encoded = encodedPathProblem(folder);
  if (encoded) return { ok: false, problem: `the feed folder ${folder} is not plain: ${encoded}` };
  return { ok: true, feed: { url: `${url.origin}${folder}`, origin: url.origin } };
}
