/* IPC values between a page and main, as Electron carries them: by the Structured Clone
 * Algorithm (https://www.electronjs.org/docs/latest/api/ipc-renderer#ipcrendererinvokechannel-args;
 * shell/common/v8_util.cc SerializeV8Value, a v8::ValueSerializer that writes no Blink host
 * objects). The double's wire between Chromium and Node is text (a CDP binding payload, a
 * Runtime.evaluate expression), so a cloned value is written here as tagged JSON that keeps
 * what JSON would lose: undefined, NaN, ±Infinity, -0, BigInt, Date, RegExp, Map, Set,
 * ArrayBuffer and views, Error, boxed primitives, and shared or cyclic references.
 * Plain script: concatenated into the preload world, and evaluated by Node (double/ipc-wire.ts). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the scripts it is concatenated with
function ipcCodec() {
  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const BOXED = new Set(['Boolean', 'Number', 'String', 'BigInt']);
  const typeOf = (value) => Object.prototype.toString.call(value).slice(8, -1);
  // v8_util.cc V8Serializer::Write: any serializer failure surfaces as this one message.
  const cloneError = () => new Error('An object could not be cloned.');
  const toBase64 = (bytes) => {
    let text = '';
    for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(at, at + 0x8000));
    return btoa(text);
  };
  const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const number = (value) => (Number.isFinite(value) && !Object.is(value, -0) ? value : Object.is(value, -0) ? '-0' : String(value));

  /** A value that structuredClone() accepted, as JSON text. Throws Electron's clone error for what V8 alone cannot write. */
  function encode(root) {
    const ids = new Map();
    const walk = (value) => {
      switch (typeof value) {
        case 'undefined':
          return ['u'];
        case 'boolean':
          return ['b', value];
        case 'string':
          return ['s', value];
        case 'number':
          return ['n', number(value)];
        case 'bigint':
          return ['i', String(value)];
        case 'object':
          break;
        default:
          throw cloneError();
      }
      if (value === null) return ['z'];
      if (ids.has(value)) return ['ref', ids.get(value)];
      const id = ids.size;
      ids.set(value, id);
      const type = typeOf(value);
      const entries = (object) => Object.keys(object).map((key) => [key, walk(object[key])]);
      if (Array.isArray(value)) return ['a', id, value.length, entries(value)];
      if (type === 'Date') return ['d', id, number(value.getTime())];
      if (type === 'RegExp') return ['re', id, value.source, value.flags];
      if (type === 'Map') return ['m', id, [...value].map(([key, item]) => [walk(key), walk(item)])];
      if (type === 'Set') return ['S', id, [...value].map(walk)];
      if (type === 'ArrayBuffer') return ['ab', id, toBase64(new Uint8Array(value))];
      if (ArrayBuffer.isView(value)) return ['view', id, type, toBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))];
      if (type === 'Error') return ['e', id, value.name, value.message, value.stack];
      if (BOXED.has(type)) return ['box', id, walk(value.valueOf())];
      const proto = Object.getPrototypeOf(value);
      if (proto === Object.prototype || proto === null) return ['o', id, entries(value)];
      // A Blink object (Blob, ImageData, a DOM node…) that the page's structuredClone took: Electron's serializer does not.
      throw cloneError();
    };
    return JSON.stringify(walk(root));
  }

  function decode(text) {
    const refs = [];
    const keep = (id, value) => ((refs[id] = value), value);
    const walk = (node) => {
      const [tag, id] = node;
      switch (tag) {
        case 'u':
          return undefined;
        case 'z':
          return null;
        case 'b':
        case 's':
          return node[1];
        case 'n':
          return typeof node[1] === 'number' ? node[1] : Number(node[1]);
        case 'i':
          return BigInt(node[1]);
        case 'ref':
          return refs[id];
        case 'a': {
          const array = keep(id, new Array(node[2]));
          for (const [key, item] of node[3]) array[key] = walk(item);
          return array;
        }
        case 'o': {
          const object = keep(id, {});
          for (const [key, item] of node[2]) Object.defineProperty(object, key, { value: walk(item), writable: true, enumerable: true, configurable: true });
          return object;
        }
        case 'd':
          return keep(id, new Date(typeof node[2] === 'number' ? node[2] : Number(node[2])));
        case 're':
          return keep(id, new RegExp(node[2], node[3]));
        case 'm': {
          const map = keep(id, new Map());
          for (const [key, item] of node[2]) map.set(walk(key), walk(item));
          return map;
        }
        case 'S': {
          const set = keep(id, new Set());
          for (const item of node[2]) set.add(walk(item));
          return set;
        }
        case 'ab':
          return keep(id, fromBase64(node[2]).buffer);
        case 'view': {
          const bytes = fromBase64(node[3]);
          const View = globalThis[node[2]];
          return keep(id, node[2] === 'DataView' ? new DataView(bytes.buffer) : new View(bytes.buffer));
        }
        case 'e': {
          const error = keep(id, new (ERRORS[node[2]] ?? Error)(node[3]));
          if (node[4] !== undefined) error.stack = node[4];
          return error;
        }
        case 'box':
          return keep(id, Object(walk(node[2])));
        default:
          throw new Error(`Electron double: unknown IPC value tag ${String(tag)}`);
      }
    };
    return walk(JSON.parse(text));
  }

  /** What crosses: structuredClone's checks first (functions, Promises, Symbols, WeakMaps throw), then the text. */
  function serialize(value) {
    let cloned;
    try {
      cloned = structuredClone(value);
    } catch {
      throw cloneError();
    }
    return encode(cloned);
  }

  return { serialize, decode, encode };
}
