// A release feed on 127.0.0.1, as electron-builder's generic provider publishes one: a
// folder holding latest-linux.yml, latest.yml and latest-mac.yml and the artifacts they
// list, served over https (the app refuses any other feed) with a certificate made for
// this run. Faults on command: the file served differs from the one the feed describes,
// a body cut short (cleanly or mid-transfer), a redirect, garbage instead of the feed, or
// no server at all.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';

export type Platform = 'linux' | 'win' | 'mac';

export const CHANNEL_FILES: Record<Platform, string> = { linux: 'latest-linux.yml', win: 'latest.yml', mac: 'latest-mac.yml' };

export interface Artifact {
  name: string;
  /** What the feed describes (its sha512 and size). */
  body: Buffer;
}

export interface Release {
  version: string;
  notes?: string;
  files: Record<Platform, Artifact[]>;
}

/** How the server answers one path. */
export type Fault =
  /** Serve these bytes instead of the artifact the feed describes. */
  | { kind: 'serve'; body: Buffer }
  /** Send half the body and end the response cleanly (chunked): only a checksum can tell. */
  | { kind: 'truncate' }
  /** Promise the whole length, send half, then drop the connection. */
  | { kind: 'cut' }
  /** 302 to this URL. */
  | { kind: 'redirect'; to: string }
  /** Answer 200 with this text. */
  | { kind: 'text'; body: string }
  | { kind: 'status'; status: number };

export interface FeedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export const sha512 = (body: Buffer) => createHash('sha512').update(body).digest('base64');

let certificate: { cert: string; key: string } | undefined;

/** A self-signed certificate for IP 127.0.0.1, made once per test process with the system's openssl. */
export function loopbackCertificate(): { cert: string; key: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'counter-tray-feed-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    certificate = { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** latest-*.yml as electron-builder writes it (updateInfoBuilder): files with sha512 and size, the legacy path/sha512, the date, the notes. */
export function channelFile(release: Release, platform: Platform): string {
  const files = release.files[platform].map((artifact) => ({ url: artifact.name, sha512: sha512(artifact.body), size: artifact.body.length }));
  const first = files[0];
  return dump({
    version: release.version,
    files,
    ...(first ? { path: first.url, sha512: first.sha512 } : {}),
    releaseDate: '2026-11-23T10:00:00.000Z',
    ...(release.notes ? { releaseNotes: release.notes } : {}),
  });
}

export class UpdateFeed {
  readonly requests: FeedRequest[] = [];
  private readonly faults = new Map<string, Fault>();
  private readonly bodies = new Map<string, Buffer>();
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  /** 0 until the first listen; the same port afterwards, so `down()` then `up()` is the same feed. */
  private listeningPort = 0;

  private constructor(
    /** The folder the feed lives in, as electron-builder.yml's publish url names it. */
    readonly folder: string,
  ) {}

  static async start(options: { folder?: string } = {}): Promise<UpdateFeed> {
    const feed = new UpdateFeed(options.folder ?? '/counter-tray/');
    await feed.up();
    return feed;
  }

  get port(): number {
    return this.listeningPort;
  }

  get origin(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `${this.origin}${this.folder}`;
  }

  get certificate(): string {
    return loopbackCertificate().cert;
  }

  /** Puts a release's channel files and artifacts in the folder (the previous ones stay unless overwritten). */
  publish(release: Release): void {
    for (const platform of Object.keys(CHANNEL_FILES) as Platform[]) {
      this.bodies.set(CHANNEL_FILES[platform], Buffer.from(channelFile(release, platform)));
      for (const artifact of release.files[platform]) this.bodies.set(artifact.name, artifact.body);
    }
  }

  /** Serves raw text as a channel file (garbage, hand-written YAML). */
  putText(name: string, text: string): void {
    this.bodies.set(name, Buffer.from(text));
  }

  fault(name: string, fault: Fault | null): void {
    if (fault) this.faults.set(name, fault);
    else this.faults.delete(name);
  }

  /** Requests for one file of the folder. */
  requestsFor(name: string): FeedRequest[] {
    return this.requests.filter((request) => request.path.split('?')[0] === `${this.folder}${name}`);
  }

  /** The server goes away: connections refused. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listening again (on the same port once it had one). */
  async up(): Promise<void> {
    const { cert, key } = loopbackCertificate();
    const server = createServer({ cert, key }, (request, response) => {
      const path = request.url ?? '/';
      this.requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
      const name = path.split('?')[0]?.startsWith(this.folder) ? decodeURIComponent((path.split('?')[0] ?? '').slice(this.folder.length)) : null;
      const body = name === null ? undefined : this.bodies.get(name);
      const fault = name === null ? undefined : this.faults.get(name);
      if (fault?.kind === 'status') return void response.writeHead(fault.status).end();
      if (fault?.kind === 'redirect') return void response.writeHead(302, { location: fault.to }).end();
      if (fault?.kind === 'text') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(fault.body);
      if (body === undefined) return void response.writeHead(404).end('not found');
      const served = fault?.kind === 'serve' ? fault.body : body;
      if (fault?.kind === 'truncate') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        return void response.end(served.subarray(0, Math.floor(served.length / 2)));
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': served.length });
      if (fault?.kind === 'cut') {
        response.write(served.subarray(0, Math.floor(served.length / 2)), () => response.socket?.destroy());
        return;
      }
      response.end(served);
    });
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.listeningPort, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address === 'object' && address) this.listeningPort = address.port;
    this.server = server;
  }

  async close(): Promise<void> {
    await this.down();
  }
}
