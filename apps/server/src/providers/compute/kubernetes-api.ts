import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ConfigError } from '../../config.js';

export interface KubernetesApiOptions {
  /** The API server's origin, possibly with a path prefix (a proxy such as Rancher's). */
  url: string;
  /** A service account's bearer token. */
  token: string;
  /** PEM certificates the API server's certificate must chain to; unset, the system's roots. */
  ca?: string;
  timeoutMs?: number;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

interface Call {
  /** What the call does, for the error: "create Pod suanli-app-7". */
  what: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Statuses besides 2xx that the caller handles itself: 404 on a read or delete, 409 on a create. */
  expected?: number[];
}

/** The CA file named by KUBERNETES_CA_FILE, read once at start so that a wrong path stops the server. */
export function loadCertificateAuthority(file: string): string {
  try {
    const pem = readFileSync(file, 'utf8');
    new X509Certificate(pem);
    return pem;
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  KUBERNETES_CA_FILE: ${file} is no readable PEM certificate (${(error as Error).message})`,
    );
  }
}

/**
 * The few REST calls the driver makes (Pods, PVCs, Services, Nodes), over node:http(s) rather than fetch: Node 20's
 * fetch takes a private CA only through a `dispatcher` from the separate undici package, whose version must then
 * match the one bundled in Node, whereas https.request takes `ca` directly. The same code serves the test's plain
 * http fake. Any status that is neither 2xx nor expected throws with the API's own message (a `Status` object).
 */
export class KubernetesApi {
  private readonly base: URL;
  private readonly timeoutMs: number;

  constructor(private readonly options: KubernetesApiOptions) {
    this.base = new URL(options.url);
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async call<T>(call: Call): Promise<ApiAnswer<T>> {
    let answer: { status: number; text: string };
    try {
      answer = await this.send(call);
    } catch (error) {
      throw new Error(`Kubernetes API: ${call.what} failed: ${(error as Error).message}`, { cause: error });
    }
    const body = parse(answer.text);
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok && !call.expected?.includes(answer.status)) {
      const message = (body as { message?: unknown } | null)?.message;
      const said = typeof message === 'string' ? message : answer.text.slice(0, 300);
      throw new Error(`Kubernetes API: ${call.what} answered HTTP ${answer.status}: ${said}`);
    }
    return { status: answer.status, body: body as T };
  }

  private send(call: Call): Promise<{ status: number; text: string }> {
    const target = new URL(this.base.pathname.replace(/\/$/, '') + call.path, this.base);
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
    };
    if (payload !== undefined) {
      // A PATCH says how to read it (https://kubernetes.io/docs/tasks/manage-kubernetes-objects/update-api-object-kubectl-patch/).
      headers['content-type'] = call.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const secure = target.protocol === 'https:';
    const request = secure ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = request(
        target,
        {
          method: call.method,
          headers,
          timeout: this.timeoutMs,
          ...(secure && this.options.ca ? { ca: this.options.ca } : {}),
        },
        (response: IncomingMessage) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
