// `protocol` and `session`, after https://www.electronjs.org/docs/latest/api/protocol and
// …/api/session. protocol.handle after 'ready'; registerSchemesAsPrivileged before it, once.
import { requireReady } from './strict';

type Handler = (request: Request) => Response | Promise<Response>;

export interface SchemePrivileges {
  scheme: string;
  privileges?: Record<string, boolean>;
}

export class ProtocolDouble {
  readonly privileged: SchemePrivileges[] = [];
  private registeredPrivileged = false;
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly isReady: () => boolean) {}

  registerSchemesAsPrivileged = (schemes: SchemePrivileges[]): void => {
    // protocol docs: "can only be used before the ready event of the app module gets emitted and can be called only once".
    if (this.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    if (this.registeredPrivileged) throw new Error('protocol.registerSchemesAsPrivileged can be called only once');
    this.registeredPrivileged = true;
    this.privileged.push(...schemes);
  };

  handle = (scheme: string, handler: Handler): void => {
    requireReady(this.isReady, "The 'protocol' module");
    // protocol docs: handle() throws when the scheme already has a handler.
    if (this.handlers.has(scheme)) throw new Error(`The scheme has been handled: ${scheme}`);
    this.handlers.set(scheme, handler);
  };

  unhandle = (scheme: string): void => {
    this.handlers.delete(scheme);
  };

  isProtocolHandled = (scheme: string): boolean => this.handlers.has(scheme);

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
  readonly webRequest = {
    onHeadersReceived: (listener: unknown): void => {
      this.headersReceivedListener = listener;
    },
  };

  setPermissionRequestHandler = (handler: PermissionRequestHandler): void => {
    this.permissionRequestHandler = handler;
  };

  setPermissionCheckHandler = (handler: PermissionCheckHandler): void => {
    this.permissionCheckHandler = handler;
  };
}
