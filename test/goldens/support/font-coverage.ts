// Which faces Chromium drew each piece of text with (DevTools' CSS.getPlatformFontsForNode): a
// character the pinned font lacks would be drawn by whatever the machine has installed, and
// the picture would then depend on that machine. Said here by name, not as a pixel diff.
import type { CDPSession, Page } from '@playwright/test';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
}

/** Elements whose text (a block: all its lines) Chromium drew with an installed face, not a web font; `skip` matches class names. */
export async function textNotInPinnedFont(page: Page, skip: RegExp): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    // A live screen (reconnecting: the next attempt's state) may replace a node while the walk asks about it:
    // the document changed under the walk, so it starts again on the new one (a clean-clone run failed on it).
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await walk(cdp, skip);
      } catch (error) {
        if (attempt === 3 || !/Could not find node with given id/.test(String(error))) throw error;
      }
    }
  } finally {
    await cdp.detach();
  }
}

async function walk(cdp: CDPSession, skip: RegExp): Promise<string[]> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as { root: DomNode };
  const found: string[] = [];
  const ELEMENT = 1;
  const visit = async (node: DomNode): Promise<void> => {
    const attributes = node.attributes ?? [];
    const className = attributes.includes('class') ? (attributes[attributes.indexOf('class') + 1] ?? '') : '';
    if (node.nodeType === ELEMENT && className !== '' && skip.test(className)) return;
    // The document and text nodes hold no style of their own: their elements are asked.
    if (node.nodeType === ELEMENT && !['SCRIPT', 'STYLE', 'HEAD', 'svg'].includes(node.nodeName)) {
      const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId })) as { fonts: { familyName: string; isCustomFont: boolean }[] };
      for (const font of fonts.filter((f) => !f.isCustomFont)) found.push(`${node.nodeName.toLowerCase()}${className ? `.${className.split(' ')[0]}` : ''}: ${font.familyName}`);
    }
    for (const child of node.children ?? []) await visit(child);
  };
  await visit(root);
  return found;
}
