// Fails loudly on any Electron API the double does not implement: a new Electron call
// in main.ts without a double becomes a test failure naming the call, never a silent
// undefined. Duck-typing probes (then, toJSON, inspection) still answer undefined.
// Also keeps two of Electron's own rules that apply to every object it hands out:
// members of another platform are absent, and a destroyed object's methods throw.
import { EventEmitter } from 'node:events';
import { pinnedMembers } from './pinned-api';

const PROBES = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', '$$typeof', 'nodeType', 'inspect', 'toString', 'valueOf']);
/** JS-side members (EventEmitter's) keep working on a destroyed native object: only its native methods check. */
const EVENT_EMITTER_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(EventEmitter.prototype));

export class NotImplementedError extends Error {
  constructor(what: string) {
    super(`Electron double: ${what} is not implemented (the app called an Electron API the double does not model; add it to test/electron-double)`);
    this.name = 'NotImplementedError';
  }
}

export interface StrictOptions {
  /**
   * The declarations (interface or class names in the pinned electron.d.ts) that say what
   * Electron offers here: main reaches only those members (and EventEmitter's), so the
   * double's own test-side members (press, click, fire…) and anything the pinned Electron
   * does not declare fail loudly too. Statics when the target is a class.
   */
  pinned?: readonly string[];
  /** The pinned declarations' statics (a class, or a module object standing for one: session, nativeImage). */
  statics?: boolean;
  /**
   * Members Electron compiles in on other platforms only (`#if BUILDFLAG(IS_WIN)` in its
   * bindings): absent here, so reading one gives undefined and calling it is a TypeError,
   * exactly as in Electron on this platform.
   */
  absent?: Iterable<string>;
  /**
   * Once destroyed, every native member throws (gin_helper::Destroyable, shell/common/gin_helper/function_template.h
   * "Object has been destroyed"; Tray::CheckAlive "Tray is destroyed"), except these and EventEmitter's.
   */
  destroyed?: { isDestroyed(): boolean; error(): Error; spared: readonly string[] };
  /** Members whose value main sees differently from the test (the strict view of a child object). */
  seenByMain?: Record<string, () => unknown>;
}

/** Wraps an implemented object: unknown properties throw, naming `label.property`. */
export function strict<T extends object>(target: T, label: string, options: StrictOptions = {}): T {
  const absent = new Set(options.absent ?? []);
  const spared = new Set(options.destroyed?.spared ?? []);
  const declared = options.pinned ? declaredMembers(options.pinned, options.statics ?? typeof target === 'function', typeof target === 'function', target instanceof EventEmitter) : undefined;
  const offered = (property: string) => (declared ? declared.has(property) : true) && property in target;
  // Accessors run on the double itself (receiver: the target), so its own state stays reachable to it, never to main.
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'symbol') return Reflect.get(object, property, object) as unknown;
      if (absent.has(property)) return undefined;
      if (!offered(property) && !PROBES.has(property)) throw new NotImplementedError(`${label}.${property}`);
      const guard = options.destroyed;
      if (guard?.isDestroyed() && !spared.has(property) && !EVENT_EMITTER_MEMBERS.has(property) && !PROBES.has(property)) throw guard.error();
      const view = options.seenByMain?.[property];
      return view ? view() : (Reflect.get(object, property, object) as unknown);
    },
    set(object, property, value) {
      return Reflect.set(object, property, value, object);
    },
    has(object, property) {
      return typeof property === 'string' ? !absent.has(property) && offered(property) : Reflect.has(object, property);
    },
  });
}

const FUNCTION_MEMBERS = ['prototype', 'name', 'length', ...Object.getOwnPropertyNames(Function.prototype)];

const declaredCache = new Map<string, ReadonlySet<string>>();

function declaredMembers(declarations: readonly string[], statics: boolean, isClass: boolean, isEmitter: boolean): ReadonlySet<string> {
  const key = `${declarations.join('+')}|${String(statics)}|${String(isClass)}|${String(isEmitter)}`;
  const known = declaredCache.get(key);
  if (known) return known;
  const names = new Set<string>(isEmitter ? EVENT_EMITTER_MEMBERS : []);
  if (isClass) FUNCTION_MEMBERS.forEach((name) => names.add(name));
  for (const declaration of declarations) {
    const { methods, properties } = pinnedMembers(declaration, { statics });
    [...methods, ...properties].forEach((name) => names.add(name));
  }
  declaredCache.set(key, names);
  return names;
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

/** Electron checks `Browser::is_ready()` and throws its own words, which differ per module (cited where used). */
export function refuseBeforeReady(isReady: () => boolean, message: string, ErrorType: new (message: string) => Error = Error): void {
  if (!isReady()) throw new ErrorType(message);
}

/**
 * gin's argument conversion failure (gin/arguments.cc Arguments::ThrowError, reached from
 * shell/common/gin_helper/function_template.cc ThrowConversionError): a TypeError naming the
 * argument's index and its value as a string.
 */
export function conversionFailure(index: number, value: unknown): TypeError {
  // gin/arguments.cc V8TypeAsString: the value itself when it converts to a string, else nothing.
  const shown = value === undefined ? 'undefined' : value === null ? 'null' : typeof value === 'string' ? value : '';
  return new TypeError(`Error processing argument at index ${index}, conversion failure from ${shown}`);
}

/** gin's bool conversion (gin/converter.cc Converter<bool>::FromV8) is JavaScript truthiness. */
export const ginBool = (value: unknown): boolean => Boolean(value);

/** gin's int conversion accepts an Int32 only; anything else (a string, 360.5) fails and the caller's default applies. */
export const ginInt = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 ? value : undefined);
