// `protocol` and `session`, after https://www.electronjs.org/docs/latest/api/protocol,
// …/api/session and lib/browser/api/protocol.ts, session.ts (v45 line).
// registerSchemesAsPrivileged before 'ready' (and, as documented, once); protocol.handle goes
// through session.defaultSession, which cannot be had before 'ready'.
import { strict } from './strict';

type Handler = (request: Request) => Response | Promise<Response>;

export interface SchemePrivileges {
  scheme: string;
  privileges?: Record<string, boolean>;
}

/** electron_api_session.cc FromPartition: the default session before ready is a TypeError. */
const refuseSessionBeforeReady = (isReady: () => boolean): void => {
  if (!isReady()) throw new TypeError('Session can only be received when app is ready');
};

export class ProtocolDouble {
  readonly privileged: SchemePrivileges[] = [];
  private registeredPrivileged = false;
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly isReady: () => boolean) {}

  registerSchemesAsPrivileged = (schemes: SchemePrivileges[]): void => {
    // electron_api_protocol.cc: "protocol.registerSchemesAsPrivileged should be called before app is ready".
    if (this.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    if (!Array.isArray(schemes)) throw new Error('Argument must be an array of custom schemes.');
    // protocol docs: "can be called only once"; what a second call would do is not documented, so the double refuses it.
    if (this.registeredPrivileged) throw new Error('Electron double: protocol.registerSchemesAsPrivileged can be called only once (protocol docs)');
    this.registeredPrivileged = true;
    this.privileged.push(...schemes);
  };

  // protocol.ts: handle() is session.defaultSession.protocol.handle(); registering a handled scheme again fails.
  handle = (scheme: string, handler: Handler): void => {
    refuseSessionBeforeReady(this.isReady);
    if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    this.handlers.set(scheme, handler);
  };

  unhandle = (scheme: string): void => {
    refuseSessionBeforeReady(this.isReady);
    if (!this.handlers.delete(scheme)) throw new Error(`Failed to unhandle protocol: ${scheme}`);
  };

  isProtocolHandled = (scheme: string): boolean => {
    refuseSessionBeforeReady(this.isReady);
    return this.handlers.has(scheme);
  };

  /** The double's window side: the handler for a URL's scheme, if main registered one. */
  handlerFor(scheme: string): Handler | undefined {
    return this.handlers.get(scheme);
  }

  handledSchemes(): ReadonlySet<string> {
    return new Set(this.handlers.keys());
  }
}

type PermissionRequestHandler = ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null;
type PermissionCheckHandler = ((webContents: unknown, permission: string) => boolean) | null;

/** session.defaultSession: records the hardening main applies (window-security.ts). */
export class SessionDouble {
  permissionRequestHandler: PermissionRequestHandler = null;
  permissionCheckHandler: PermissionCheckHandler = null;
  headersReceivedListener: unknown = null;
  readonly webRequest = strict(
    {
      onHeadersReceived: (listener: unknown): void => {
        this.headersReceivedListener = listener;
      },
    },
    'session.webRequest',
    { pinned: ['WebRequest'] },
  );

  setPermissionRequestHandler = (handler: PermissionRequestHandler): void => {
    this.permissionRequestHandler = handler;
  };

  setPermissionCheckHandler = (handler: PermissionCheckHandler): void => {
    this.permissionCheckHandler = handler;
  };
}

/** The `session` module as main sees it: defaultSession after ready, strict; fromPartition when a double for it is given (net.ts, for electron-updater). */
export function sessionModule(isReady: () => boolean, defaultSession: SessionDouble, fromPartition?: (partition: string, options?: unknown) => unknown) {
  const seen = strict(defaultSession, 'session.defaultSession', { pinned: ['Session'] });
  return strict(
    {
      get defaultSession() {
        refuseSessionBeforeReady(isReady);
        return seen;
      },
      ...(fromPartition ? { fromPartition } : {}),
    },
    'session',
    { pinned: ['Session'], statics: true },
  );
}
