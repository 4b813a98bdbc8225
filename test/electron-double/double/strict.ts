// Fails loudly on any Electron API the double does not implement: a new Electron call
// in main.ts without a double becomes a test failure naming the call, never a silent
// undefined. Duck-typing probes (then, toJSON, inspection) still answer undefined.
const PROBES = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', '$$typeof', 'nodeType', 'inspect', 'toString', 'valueOf']);

export class NotImplementedError extends Error {
  constructor(what: string) {
    super(`Electron double: ${what} is not implemented (the app called an Electron API the double does not model; add it to test/electron-double)`);
    this.name = 'NotImplementedError';
  }
}

/** Wraps an implemented object: unknown properties throw, naming `label.property`. */
export function strict<T extends object>(target: T, label: string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object || PROBES.has(property)) return Reflect.get(object, property, receiver) as unknown;
      throw new NotImplementedError(`${label}.${property}`);
    },
  });
}

/** A whole Electron module the double leaves out: any use throws, naming it. */
export function notImplemented(name: string): unknown {
  const fail = (): never => {
    throw new NotImplementedError(name);
  };
  return new Proxy(function unimplemented() {}, {
    get: (_target, property) => (typeof property === 'symbol' || PROBES.has(property) ? undefined : fail()),
    apply: fail,
    construct: fail,
    set: fail,
  });
}

/** Electron's own wording for modules used before 'ready' (browser-window, screen, global-shortcut, power-monitor, protocol docs). */
export function requireReady(isReady: () => boolean, what: string): void {
  if (!isReady()) throw new Error(`${what} can't be used before the app 'ready' event`);
}
