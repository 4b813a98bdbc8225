// Relative links in Markdown that lead nowhere: a file that is not there, or an #anchor
// no heading (nor id) of the target makes. Anchors are GitHub's: the heading's text in
// lower case, punctuation dropped, spaces as hyphens, a repeat numbered -1, -2, …
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** How the checker sees the repository: real files by default, a map in the tests' negative controls. */
export interface DocTree {
  exists(path: string): boolean;
  /** The text of a Markdown file, or undefined when there is none (a folder, a PNG). */
  markdown(path: string): string | undefined;
}

export interface LinkCheck {
  /** Also judge `#anchors` (the weakened variant, kept for the negative control, does not). */
  anchors: boolean;
}

export const repoTree = (root: string): DocTree => ({
  exists: (path) => existsSync(join(root, path)),
  markdown: (path) => {
    const full = join(root, path);
    return path.endsWith('.md') && existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
  },
});

/** The text outside fenced code blocks: a `# comment` in a shell example is no heading, a `](x)` in code no link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's anchor for a heading's text. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image counts by its text
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M} _-]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings (repeats numbered) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = prose(markdown);
  for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const base = slug(heading ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id ?? '');
  return anchors;
}

/** Relative link targets of a Markdown file: inline links and images, and reference definitions. */
export function linksOf(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, (code) => (code.includes('](') ? '' : code));
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const defined = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1] ?? '');
  return [...inline, ...defined].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** "file: target (why)" for each link in `files` (paths from the repository root) that leads nowhere. */
export function brokenLinks(files: readonly string[], tree: DocTree, check: LinkCheck = { anchors: true }): string[] {
  const broken: string[] = [];
  for (const file of files) {
    const markdown = tree.markdown(file);
    if (markdown === undefined) {
      broken.push(`${file}: not a Markdown file`);
      continue;
    }
    for (const target of linksOf(markdown)) {
      const hash = target.indexOf('#');
      const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const resolved = pathPart === '' ? file : normalize(join(dirname(file), pathPart)).replace(/\/$/, '');
      if (resolved.startsWith('..') || !tree.exists(resolved)) {
        broken.push(`${file}: ${target} (no such file)`);
        continue;
      }
      if (!check.anchors || anchor === undefined || anchor === '') continue;
      const targetText = tree.markdown(resolved);
      if (targetText === undefined) {
        broken.push(`${file}: ${target} (an anchor into a file that is not Markdown)`);
      } else if (!anchorsOf(targetText).has(anchor)) {
        broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  return broken;
}
