// Runs in the benchmark page before the renderer's own scripts (Playwright
// addInitScript, which bypasses the page's CSP as a real preload does). It plays the
// preload: `window.counterTray` is the real preload API (src-main/preload/renderer-api.ts,
// bundled by browser.ts as `__counterTrayPreload`) over an
// ipcRenderer look-alike, invoke → the Node app's dispatcher through an exposed
// function. It also stamps every pushed event (before the preload hands it on) with
// performance.now() and offers DOM watchers that call back into Node when the screen
// shows what the benchmark waits for. Plain JS: the Node tsconfig has no DOM types.
/* global window, document, MutationObserver */
(() => {
  const listeners = new Map();
  const bench = { lastPushAt: 0, firstPushAt: 0, pushes: 0, lastAnswerAt: 0 };
  /** Answers already in the page, each for one request (channel and request as JSON), taken once. */
  const staged = new Map();
  const stagedKey = (channel, request) => `${channel} ${JSON.stringify(request)}`;

  Object.defineProperty(window, '__counterTrayPush', {
    value: (event, payload) => {
      bench.lastPushAt = performance.now();
      // The first push after a watcher was armed starts its clock (a state:delta, then the same state whole).
      bench.firstPushAt ||= bench.lastPushAt;
      bench.pushes += 1;
      for (const listener of listeners.get(event) ?? []) listener({ sender: 'main' }, payload);
    },
  });

  const ipcRenderer = {
    // A staged answer is already in the page (its transfer is not on the clock): a measure staged
    // this way times the page's own path (the list render from a push; the activity view from a click).
    invoke: (channel, request) => {
      const key = stagedKey(channel, request);
      if (staged.has(key)) {
        const answer = staged.get(key);
        staged.delete(key);
        return Promise.resolve(answer);
      }
      // Stamped as the answer reaches the page, before the preload hands it on: what follows is the page's own work.
      return window.__counterTrayInvoke(channel, request).then((answer) => {
        bench.lastAnswerAt = performance.now();
        return answer;
      });
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
  };
  const preloadApi = window.__counterTrayPreload.createCounterTrayApi(ipcRenderer);
  // Electron's contextBridge copies every object it hands to the page and passes primitives as
  // they are (electron_api_context_bridge.cc, PassValueToOtherContextInner: an array item by item,
  // a plain object by its own enumerable keys, a built-in structured-cloned; the double in
  // dev-tools/electron-double/renderer/bridge.js follows the same rule). So does this stand-in, so
  // the page pays for fresh objects on every answer and push as it does in the app.
  const copyOver = (value) => {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(copyOver);
    if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
    const copy = {};
    for (const key of Object.keys(value)) copy[key] = copyOver(value[key]);
    return copy;
  };
  const api = Object.freeze({
    invoke: async (channel, request) => copyOver(await preloadApi.invoke(channel, request)),
    onStateDelta: (listener) => preloadApi.onStateDelta((delta) => listener(copyOver(delta))),
  });
  Object.defineProperty(window, 'counterTray', { value: api, enumerable: true });

  const rows = () => document.querySelectorAll('li[data-counter-id]').length;
  const valueText = (id) => document.querySelector(`li[data-counter-id="${id}"] [data-testid="value"]`)?.textContent ?? null;

  /**
   * Calls window.__benchSeen once `condition()` holds, checked now and after every DOM
   * mutation. Layout is forced before the time is taken, so "seen" means laid out.
   */
  function watch(token, condition) {
    bench.firstPushAt = 0;
    const report = () => {
      void document.body.offsetHeight;
      const seenAt = performance.now();
      window.__benchSeen({ token, pushAt: bench.firstPushAt || bench.lastPushAt, seenAt, rows: rows() });
    };
    if (condition()) {
      report();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!condition()) return;
      observer.disconnect();
      report();
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }

  Object.defineProperty(window, '__bench', {
    value: {
      state: bench,
      /** Seen when the counter's value text differs from what it is now; false if the row is not in the DOM. */
      watchValueChange(token, id) {
        const before = valueText(id);
        if (before === null) return false;
        watch(token, () => valueText(id) !== before);
        return true;
      },
      watchRowsAtLeast(token, count) {
        watch(token, () => rows() >= count);
        return true;
      },
      watchRowsAtMost(token, count) {
        watch(token, () => rows() <= count);
        return true;
      },
      rowIds: () => [...document.querySelectorAll('li[data-counter-id]')].map((li) => li.getAttribute('data-counter-id')),
      /** The next `channel` call with this request is answered with `answer` (as main's IPC wrapper sends it), from inside the page. */
      stageAnswer(channel, request, answer) {
        staged.set(stagedKey(channel, request), answer);
      },
      /** The staged answers the page has not asked for yet (a measure that left one used the harness instead). */
      stagedLeft: () => [...staged.keys()],
    },
  });
})();
