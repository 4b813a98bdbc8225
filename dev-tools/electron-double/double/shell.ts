// shell, after https://www.electronjs.org/docs/latest/api/shell: only `openExternal`, the
// one call main.ts makes (pages of the public site). The double has no desktop
// to hand the URL to: it records it for the test. Anything else on `shell` throws (strict).
export class ShellDouble {
  /** Every URL main asked the OS to open, in order. */
  readonly opened: string[] = [];

  /** `shell.openExternal(url[, options])` → Promise<void>; Electron rejects a URL the OS cannot open. */
  openExternal = async (url: unknown, options?: { activate?: boolean; workingDirectory?: string; logUsage?: boolean }): Promise<void> => {
    // Electron's argument conversion (a non-string, a non-object options) fails the call.
    if (typeof url !== 'string') throw new TypeError('Error processing argument at index 0, conversion failure from ' + typeof url);
    if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError('Error processing argument at index 1, conversion failure');
    if (!URL.canParse(url)) {
      // xdg-open / ShellExecute get an absolute URL or fail: the double refuses loudly rather than guess.
      throw new Error(`Electron double: shell.openExternal needs an absolute URL, got "${url}"`);
    }
    this.opened.push(url);
  };
}
