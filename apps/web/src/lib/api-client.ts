import { decideToast, type ToastDecision } from './api-toasts';

/** Requests the client treats specially. */
export const CSRF_COOKIE_URL = '/api/auth/csrf-cookie';
export const LOGIN_URL = '/api/auth/login';

/** Paging and sorting parameters some list calls add (seed §7), plus any filter. */
export type QueryParams = {
  max?: number;
  page?: number;
  col?: string;
  order?: 'asc' | 'desc';
  [name: string]: string | number | boolean | null | undefined;
};

export type RequestOptions = {
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Show no toast at all (background refreshes). */
  silent?: boolean;
  /** Show error toasts but not the success toast (the caller shows its own). */
  silentSuccess?: boolean;
};

type Body = Record<string, unknown>;

/** A failed call: HTTP status, parsed body, and the per-field messages of a form error. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fields: Record<string, string>;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const fields = (body as Body | null)?.fields;
    this.fields = fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

/** What the client needs from the rest of the app; injected so tests can stub every part. */
export type ApiClientDeps = {
  fetch: typeof fetch;
  getToken: () => string | null;
  getLanguage: () => string;
  t: (key: string) => string;
  notify: (decision: NonNullable<ToastDecision>) => void;
  /** An authenticated call answered 401 (expired or revoked session). */
  onUnauthorized: () => void;
};

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

const pathOf = (url: string) => url.split('?')[0] ?? url;

export function createApiClient(deps: ApiClientDeps) {
  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    raw: boolean,
    options: RequestOptions = {},
  ): Promise<T> {
    const url = buildUrl(path, options.query);
    const token = deps.getToken();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': deps.getLanguage(),
      ...(body !== undefined && !raw ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;

    const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal };
    if (body !== undefined) init.body = raw ? (body as BodyInit) : JSON.stringify(body);

    const isLogin = pathOf(path) === LOGIN_URL;
    const show = (decision: ToastDecision) => {
      if (!decision || options.silent) return;
      if (decision.kind === 'success' && options.silentSuccess) return;
      deps.notify(decision);
    };

    let response: Response;
    try {
      response = await deps.fetch(url, init);
    } catch (failure) {
      if ((failure as Error)?.name === 'AbortError') throw failure;
      show({ kind: 'error', message: deps.t('alerts.networkError') });
      throw new ApiError(deps.t('alerts.networkError'), 0, null);
    }

    // The CSRF-cookie request is recognised by its URL and passed through unparsed.
    if (pathOf(path) === CSRF_COOKIE_URL) return response as unknown as T;

    let parsed: unknown = null;
    let failure: unknown;
    try {
      const text = await response.text();
      parsed = text.length > 0 ? JSON.parse(text) : null;
    } catch (error) {
      failure = error;
    }

    show(decideToast({ status: response.status, ok: response.ok, body: parsed, failure, isLogin }, deps.t));

    if (response.status === 401 && token && !isLogin) deps.onUnauthorized();

    const envelope = parsed as Body | null;
    if (failure !== undefined || !response.ok || envelope?.status === false) {
      const errors = Array.isArray(envelope?.errors) ? (envelope.errors as unknown[]).map(String) : [];
      const message =
        errors.join('\n') ||
        (typeof envelope?.error === 'string' ? envelope.error : '') ||
        (failure instanceof Error ? failure.message : '') ||
        deps.t('alerts.unsatisfactory');
      throw new ApiError(message, response.status, parsed);
    }
    return parsed as T;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, false, options),
    /** POST a JSON body. */
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body ?? {}, false, options),
    /** POST a raw body (FormData, Blob, text) with the browser's own content type. */
    postRaw: <T>(path: string, body: BodyInit, options?: RequestOptions) =>
      request<T>('POST', path, body, true, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body ?? {}, false, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body ?? {}, false, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, false, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
