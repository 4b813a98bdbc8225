/* The copy rule of contextBridge (https://www.electronjs.org/docs/latest/api/context-bridge):
 * functions are proxied (sent as ids), every other value is copied (a CustomEvent's detail is
 * structured-cloned when read from another world). Concatenated into both world scripts. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the world scripts it is concatenated with
function bridgeCodec(freeze) {
  const isPlain = (value) => {
    if (value === null || typeof value !== 'object') return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
  };
  function encode(value, registerFunction) {
    if (typeof value === 'function') return { t: 'f', id: registerFunction(value) };
    if (Array.isArray(value)) return { t: 'a', items: value.map((item) => encode(item, registerFunction)) };
    if (isPlain(value)) return { t: 'o', entries: Object.keys(value).map((key) => [key, encode(value[key], registerFunction)]) };
    return { t: 'v', v: value };
  }
  // context-bridge docs: data sent over the bridge is immutable on the other side.
  function decode(encoded, makeFunction) {
    if (encoded.t === 'f') return makeFunction(encoded.id);
    if (encoded.t === 'a') {
      const items = encoded.items.map((item) => decode(item, makeFunction));
      return freeze ? Object.freeze(items) : items;
    }
    if (encoded.t === 'o') {
      const object = {};
      for (const [key, item] of encoded.entries) object[key] = decode(item, makeFunction);
      return freeze ? Object.freeze(object) : object;
    }
    return encoded.v;
  }
  return { encode, decode };
}
