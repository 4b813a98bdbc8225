/* The sandboxed preload's `timers` module and its setImmediate/clearImmediate globals: a port of
 * Electron's lib/common/timers-shim.ts (v45 line), which its webpack config aliases `timers` to.
 * Chromium has no native setImmediate, so it is a microtask, as in Electron. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the preload world script it is concatenated with
function timersModule() {
  const immediateIds = {};
  let nextImmediateId = 0;

  class Timeout {
    constructor(id, clearFn) {
      this._id = id;
      this._clearFn = clearFn;
    }
    unref() {}
    ref() {}
    close() {
      this._clearFn.call(globalThis, this._id);
    }
  }

  const setTimeout = (...args) => new Timeout(globalThis.setTimeout(...args), globalThis.clearTimeout);
  const setInterval = (...args) => new Timeout(globalThis.setInterval(...args), globalThis.clearInterval);
  const clearTimeout = (timeout) => {
    if (timeout) timeout.close();
  };
  const enroll = (item, msecs) => {
    clearTimeout(item._idleTimeoutId);
    item._idleTimeout = msecs;
  };
  const unenroll = (item) => {
    clearTimeout(item._idleTimeoutId);
    item._idleTimeout = -1;
  };
  const active = (item) => {
    clearTimeout(item._idleTimeoutId);
    const msecs = item._idleTimeout;
    if (msecs !== undefined && msecs >= 0) {
      item._idleTimeoutId = setTimeout(function onTimeout() {
        if (item._onTimeout) item._onTimeout();
      }, msecs);
    }
  };
  const clearImmediateFallback = (id) => {
    delete immediateIds[id];
  };
  const setImmediate =
    typeof globalThis.setImmediate === 'function'
      ? globalThis.setImmediate
      : (fn, ...rest) => {
          const id = nextImmediateId++;
          immediateIds[id] = true;
          Promise.resolve().then(function onMicrotask() {
            if (immediateIds[id]) {
              fn(...rest);
              clearImmediateFallback(id);
            }
          });
          return id;
        };
  const clearImmediate = typeof globalThis.clearImmediate === 'function' ? globalThis.clearImmediate : clearImmediateFallback;

  return { setTimeout, setInterval, clearTimeout, clearInterval: clearTimeout, enroll, unenroll, active, _unrefActive: active, setImmediate, clearImmediate };
}
