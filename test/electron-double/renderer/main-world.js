/* global window, document, bridgeCodec */
/* The page's side of the double's contextBridge, installed before the page's scripts.
 * It holds no Electron object: it turns what the preload world exposes into functions that
 * message that world synchronously through DOM events (the only thing the worlds share). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script Node assembles
function mainWorldBridge(config) {
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const Custom = CustomEvent;
  const doc = document;
  const ErrorType = Error;
  const PromiseType = Promise;
  const defineProperty = Object.defineProperty;
  const codec = bridgeCodec(true);
  const callbacks = new Map();
  const promises = new Map();
  let nextCallback = 1;
  let lastReply;

  const send = (name, detail) => dispatch.call(doc, new Custom(name, { detail }));
  const registerCallback = (fn) => {
    const id = nextCallback++;
    callbacks.set(id, fn);
    return id;
  };
  const makeFunction = (fnId) =>
    function exposed(...args) {
      lastReply = undefined;
      send(config.names.call, { fnId, args: args.map((arg) => codec.encode(arg, registerCallback)) });
      const reply = lastReply;
      lastReply = undefined;
      if (!reply) throw new ErrorType('Electron double: the preload world did not answer');
      if (reply.kind === 'throw') throw new ErrorType(reply.message);
      if (reply.value.t === 'p') return new PromiseType((resolve, reject) => promises.set(reply.value.id, { resolve, reject }));
      return codec.decode(reply.value, makeFunction);
    };

  listen.call(doc, config.names.back, (event) => {
    const message = event.detail;
    if (message.kind === 'return' || message.kind === 'throw') lastReply = message;
    else if (message.kind === 'settle') {
      const pending = promises.get(message.id);
      promises.delete(message.id);
      if (!pending) return;
      if (message.ok) pending.resolve(codec.decode(message.value, makeFunction));
      else pending.reject(new ErrorType(message.message));
    } else if (message.kind === 'callback') {
      const callback = callbacks.get(message.id);
      if (callback) callback(...message.args.map((arg) => codec.decode(arg, makeFunction)));
    }
  });
  listen.call(doc, config.names.expose, (event) => {
    const { key, value } = event.detail;
    defineProperty(window, key, { value: codec.decode(value, makeFunction), enumerable: true, configurable: false, writable: false });
  });
}
