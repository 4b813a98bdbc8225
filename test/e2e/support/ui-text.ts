// What a user reads or hears on the popup, collected from the page: text (screen-reader-only
// text too) and the attributes assistive technology says or a pointer shows. The pseudo-locale
// run (test/e2e/i18n.spec.ts) holds it against two rules: no plain-ASCII word that is not data
// (a counter's name, the server's address) — that text escaped the catalog — and no bracket ⟦…⟧
// cut off by its box at 200 % zoom — that layout clips a longer language.
import type { Page } from '@playwright/test';
import { CLOSE, OPEN } from '../../../src-shared/i18n/pseudo';

export interface UiText {
  /** Where it was found: the element (tag.class) and, for an attribute, which. */
  where: string;
  text: string;
}

const SAID_ATTRIBUTES = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt'];

/** Every text node and said attribute under <body>, except the options of a select (time zone ids are data). */
export function collectUiText(page: Page): Promise<UiText[]> {
  // Evaluated in the page (the Node-side types know no DOM globals: everything comes from `root`).
  return page.locator('html').evaluate((root, attributes) => {
    const document = root.ownerDocument;
    const name = (el: typeof root) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const found: { where: string; text: string }[] = [];
    const SHOW_TEXT = 4;
    const walker = document.createTreeWalker(document.body, SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!el || !text || el.closest('script, style, option')) continue;
      found.push({ where: name(el), text });
    }
    for (const el of document.body.querySelectorAll('*')) {
      for (const attribute of attributes) {
        const text = el.getAttribute(attribute)?.trim();
        if (text) found.push({ where: `${name(el)}[${attribute}]`, text });
      }
    }
    return found;
  }, SAID_ATTRIBUTES);
}

/**
 * Texts with a plain-ASCII word left once the data is taken out: in the pseudo-locale every
 * word of the catalog and of the app's Intl formats is accented, so such a word came from
 * somewhere else (a literal in the code, a hand-made date, the server's text).
 */
export function strayWords(texts: readonly UiText[], data: readonly string[]): UiText[] {
  const longestFirst = [...data].filter(Boolean).sort((a, b) => b.length - a.length);
  return texts.filter(({ text }) => /[A-Za-z]{2,}/.test(longestFirst.reduce((rest, value) => rest.split(value).join(' '), text)));
}

/**
 * Pseudo-locale brackets (⟦ ⟧) that their box cuts off: a clipping or scrolling ancestor (the
 * screen scrolls vertically by design, so there only sideways counts) or text-overflow. Text
 * that is visually hidden on purpose (.sr-only) is skipped.
 */
export function clippedBrackets(page: Page): Promise<string[]> {
  return page.locator('html').evaluate(
    (root, [open, close]) => {
      const document = root.ownerDocument;
      const view = document.defaultView;
      const problems: string[] = [];
      const SHOW_TEXT = 4;
      const walker = document.createTreeWalker(document.body, SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent ?? '';
        if (!el || el.closest('.sr-only, [hidden], option') || !el.checkVisibility()) continue;
        for (let i = 0; i < text.length; i += 1) {
          if (text[i] !== open && text[i] !== close) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const mark = range.getBoundingClientRect();
          let cut: string | null = mark.width < 1 ? 'no width' : null;
          for (let box: typeof el | null = el; box && box !== document.documentElement && !cut && view; box = box.parentElement) {
            const style = view.getComputedStyle(box);
            const rect = box.getBoundingClientRect();
            const sideways = style.overflowX !== 'visible';
            const upright = style.overflowY === 'hidden' || style.overflowY === 'clip';
            if (sideways && (mark.left < rect.left - 1 || mark.right > rect.right + 1)) cut = `sideways by ${box.className || box.tagName}`;
            else if (upright && (mark.top < rect.top - 1 || mark.bottom > rect.bottom + 1)) cut = `vertically by ${box.className || box.tagName}`;
            else if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1) cut = `ellipsis in ${box.className || box.tagName}`;
          }
          if (cut) problems.push(`${text.trim().slice(0, 60)} — ${cut}`);
        }
      }
      return problems;
    },
    [OPEN, CLOSE] as const,
  );
}
