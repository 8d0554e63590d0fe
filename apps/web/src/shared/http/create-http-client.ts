import { buildPath, type EndpointData, type EndpointDefinition, type EndpointRequest } from '@suanli/contract';
import { currentLanguage, i18n } from '../i18n';
import { hadTokenAtPageLoad, useSession } from '../stores/session-store';
import { notify } from '../ui/message-bridge';
import { readEnvelope } from './envelope';
import { errorText } from './error-text';
import { HttpError } from './http-error';
import { sendRequest } from './send-request';
import { handleUnauthorized } from './unauthorized';

export interface HttpClientOptions {
  /**
   * `/api` in the browser; an absolute URL where there is no page origin (tests). A function is read on every call,
   * so tests can point the app's shared clients at their own local server.
   */
  baseUrl: string | (() => string);
  /** Null for the client without a time-out (long uploads and downloads, spec §7). */
  timeoutMs: number | null;
  clearTokenOnUnauthorized?: boolean;
}

export interface CallOptions {
  /** The call needs no token even when one exists (spec §7). */
  withoutToken?: boolean;
  /** The caller shows its own message; the client still handles 401. */
  silent?: boolean;
  /**
   * For an endpoint the contract marks `idempotent`: one value per intended operation, sent again on a retry of it, so
   * that the server acts once however often the request arrives (newIdempotencyKey makes one).
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export type CallRequest<E> = EndpointRequest<E> & CallOptions;

interface LooseRequest extends CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  params?: Record<string, unknown>;
}

export function createHttpClient(options: HttpClientOptions) {
  const clearTokenOnUnauthorized = options.clearTokenOnUnauthorized ?? hadTokenAtPageLoad;

  function report(error: unknown, silent: boolean | undefined): HttpError {
    const httpError = error instanceof HttpError ? error : new HttpError('transport');
    if (httpError.kind === 'response' && httpError.code === 401) {
      handleUnauthorized(clearTokenOnUnauthorized);
    }
    const text = silent ? null : errorText(httpError, (key) => i18n.t(key));
    if (text) {
      notify.error(text);
    }
    return httpError;
  }

  const baseUrl = typeof options.baseUrl === 'string' ? () => options.baseUrl as string : options.baseUrl;

  /**
   * Calls one endpoint of the contract and resolves with its `data` and the envelope's `msg`, for the few answers
   * whose meaning travels in msg (spec §7: the benefit check's popup type, the WeChat scan's '0').
   */
  async function callWithMessage<E extends EndpointDefinition>(
    endpoint: E,
    request?: CallRequest<E>,
  ): Promise<{ data: EndpointData<E>; msg: string }> {
    const input = (request ?? {}) as LooseRequest;
    try {
      const response = await sendRequest(baseUrl(), options.timeoutMs, {
        method: endpoint.method,
        path: buildPath(endpoint.path, input.params),
        query: input.query,
        body: input.body,
        token: input.withoutToken ? null : useSession.getState().token,
        language: currentLanguage(),
        idempotencyKey: input.idempotencyKey,
        signal: input.signal,
      });
      const { data, msg } = await readEnvelope(response);
      return { data: data as EndpointData<E>, msg };
    } catch (error) {
      throw report(error, input.silent);
    }
  }

  /** Calls one endpoint of the contract and resolves with its `data`, typed by the endpoint. */
  async function call<E extends EndpointDefinition>(endpoint: E, request?: CallRequest<E>): Promise<EndpointData<E>> {
    return (await callWithMessage(endpoint, request)).data;
  }

  return { call, callWithMessage };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
