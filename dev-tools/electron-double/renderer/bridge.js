/* global document, window, Node */
/* One end of the double's contextBridge, run in both worlds (the preload's isolated world and
 * the page's main world), which share only the DOM: they message each other synchronously
 * through DOM events whose names are per-window nonces. Values follow Electron's copy rule,
 * shell/renderer/api/electron_api_context_bridge.cc PassValueToOtherContextInner:
 * - primitives pass as they are; a function is proxied (called with its owning object as
 *   `this`); a Promise is proxied; an Error arrives as a new Error with its message only;
 * - an array is copied item by item; any other object that is not a built-in (IsPlainObject:
 *   a class instance too) is copied by its own enumerable properties, so a prototype and its
 *   methods are lost (an ipcRenderer instance arrives without methods, Electron 29+);
 * - built-ins (Date, Map, Set, RegExp, ArrayBuffer…) are structured-cloned; what cannot be
 *   cloned throws; a value met twice in one pass is the same copy (the object cache).
 * - exposeInMainWorld deep-freezes what it binds (ExposeAPI → DeepFreeze) and refuses a key
 *   the window already has; values returned by calls are copied, not frozen.
 * Plain script, concatenated into each world's script. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the world scripts it is concatenated with
function bridgeEndpoint(names, options) {
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const Custom = CustomEvent;
  const doc = document;
  const ErrorType = Error;
  const PromiseType = Promise;
  const MapType = Map;
  const clone = structuredClone;
  const toTag = Object.prototype.toString;
  const keysOf = Object.keys;
  const define = Object.defineProperty;
  const freeze = Object.freeze;
  const ownNames = Object.getOwnPropertyNames;
  const isArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const NodeType = typeof Node === 'function' ? Node : undefined;
  const BlobType = typeof Blob === 'function' ? Blob : undefined;
  // IsPlainObject's exclusions, by the tag JavaScript can see.
  const BUILT_INS = new Set(['Date', 'Arguments', 'Boolean', 'Number', 'String', 'Symbol', 'BigInt', 'Error', 'RegExp', 'Promise', 'Map', 'Set', 'Map Iterator', 'Set Iterator', 'WeakMap', 'WeakSet', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Generator', 'Module']);
  const tagOf = (value) => toTag.call(value).slice(8, -1);

  const functions = new MapType();
  const pending = new MapType();
  const answers = new MapType();
  let nextId = 1;
  let nextCall = 1;
  const post = (detail) => dispatch.call(doc, new Custom(names.out, { detail }));
  const fail = (message) => new ErrorType(message);

  function encode(value, parent, cache) {
    const type = typeof value;
    if (type === 'symbol') throw fail('Electron double: a Symbol over the contextBridge is not modelled');
    if (value === null || (type !== 'object' && type !== 'function')) return ['v', value];
    if (cache.has(value)) return ['ref', cache.get(value)];
    const id = cache.size;
    cache.set(value, id);
    if (type === 'function') {
      const fnId = nextId++;
      functions.set(fnId, { fn: value, receiver: parent });
      return ['f', fnId];
    }
    const tag = tagOf(value);
    if (tag === 'Promise') {
      const promiseId = nextId++;
      value.then(
        (result) => post({ kind: 'settle', id: promiseId, ok: true, value: encode(result, undefined, new MapType()) }),
        (error) => post({ kind: 'settle', id: promiseId, ok: false, value: encode(error, undefined, new MapType()) }),
      );
      return ['p', promiseId];
    }
    if (tag === 'Error') return ['e', typeof value.message === 'string' ? value.message : String(value.message)];
    if (isArray(value) && !isView(value)) return ['a', id, value.map((item) => encode(item, value, cache))];
    if ((NodeType && value instanceof NodeType) || (BlobType && value instanceof BlobType)) throw fail(`Electron double: a ${tag} over the contextBridge is not modelled (Electron passes DOM elements and Blobs by reference)`);
    if (!BUILT_INS.has(tag) && !isView(value)) return ['o', id, keysOf(value).map((key) => [key, encode(value[key], value, cache)])];
    try {
      clone(value);
    } catch {
      throw fail('An object could not be cloned.');
    }
    return ['v', value];
  }

  function decode(node, cache) {
    switch (node[0]) {
      case 'v':
        return node[1];
      case 'ref':
        return cache.get(node[1]);
      case 'f':
        return proxyFunction(node[1]);
      case 'p':
        return new PromiseType((resolve, reject) => pending.set(node[1], { resolve, reject }));
      case 'e':
        return new ErrorType(node[1]);
      case 'a': {
        const array = [];
        cache.set(node[1], array);
        for (const item of node[2]) array.push(decode(item, cache));
        return array;
      }
      case 'o': {
        const object = {};
        cache.set(node[1], object);
        // CreateDataProperty, not assignment: a key named "__proto__" stays an own property.
        for (const [key, item] of node[2]) define(object, key, { value: decode(item, cache), writable: true, enumerable: true, configurable: true });
        return object;
      }
      default:
        throw fail('Electron double: unknown bridge value');
    }
  }

  /** Synchronous: the other world answers within dispatchEvent, possibly calling back into this one first. */
  function request(message) {
    const call = nextCall++;
    post({ ...message, call });
    const answer = answers.get(call);
    answers.delete(call);
    if (!answer) throw fail('Electron double: the other world did not answer');
    return answer;
  }

  function proxyFunction(fnId) {
    // ProxyFunctionWrapper: arguments copied with one cache, the function's error rethrown as Error(message).
    return function proxied(...args) {
      const cache = new MapType();
      const answer = request({ kind: 'call', fnId, args: args.map((arg) => encode(arg, undefined, cache)) });
      if (!answer.ok) throw new ErrorType(answer.message);
      return decode(answer.value, new MapType());
    };
  }

  // DeepFreeze: every own property, depth first, each object once (a function's prototype points back at it).
  function deepFreeze(object, frozen = new Set()) {
    if (frozen.has(object)) return;
    frozen.add(object);
    for (const name of ownNames(object)) {
      const child = object[name];
      if (child !== null && (typeof child === 'object' || typeof child === 'function') && !isView(child)) deepFreeze(child, frozen);
    }
    freeze(object);
  }

  const handlers = {
    call({ call, fnId, args }) {
      const entry = functions.get(fnId);
      if (!entry) return post({ kind: 'answer', call, ok: false, message: 'Electron double: not a function of this world' });
      let result;
      try {
        result = entry.fn.apply(entry.receiver, args.map((arg) => decode(arg, new MapType())));
      } catch (error) {
        const message = error !== null && typeof error === 'object' && typeof error.message === 'string' ? error.message : 'An unknown exception occurred in the isolated context, an error occurred but a valid exception was not thrown.';
        return post({ kind: 'answer', call, ok: false, message });
      }
      try {
        return post({ kind: 'answer', call, ok: true, value: encode(result, undefined, new MapType()) });
      } catch (error) {
        return post({ kind: 'answer', call, ok: false, message: String(error && error.message) });
      }
    },
    answer(message) {
      answers.set(message.call, message);
    },
    settle({ id, ok, value }) {
      const waiting = pending.get(id);
      pending.delete(id);
      if (!waiting) return;
      const settled = decode(value, new MapType());
      if (ok) waiting.resolve(settled);
      else waiting.reject(settled);
    },
    expose({ call, key, value }) {
      if (!options.bindsToWindow) return post({ kind: 'answer', call, ok: false, message: 'Electron double: only the main world binds exposed APIs' });
      // ExposeAPI (main world): "Cannot bind an API on top of an existing property on the window object".
      if (key in window) return post({ kind: 'answer', call, ok: false, message: 'Cannot bind an API on top of an existing property on the window object' });
      const api = decode(value, new MapType());
      if (api !== null && (typeof api === 'object' || typeof api === 'function') && !isView(api)) deepFreeze(api);
      define(window, key, { value: api, writable: false, enumerable: true, configurable: false });
      return post({ kind: 'answer', call, ok: true, value: ['v', undefined] });
    },
  };
  listen.call(doc, names.in, (event) => {
    const message = event.detail;
    const handler = message && handlers[message.kind];
    if (handler) handler(message);
  });

  return {
    /** contextBridge.exposeInMainWorld's copy, run from the preload world. */
    expose(key, api) {
      const answer = request({ kind: 'expose', key, value: encode(api, undefined, new MapType()) });
      if (!answer.ok) throw new ErrorType(answer.message);
    },
  };
}
