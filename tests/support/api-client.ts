/** A thin HTTP client for API tests: real requests, answers as status + envelope + headers. */
export interface ApiResponse<T = any> {
  status: number;
  body: { isSucceed: boolean; data?: T; message?: string; validationErrors?: { propertyName: string; message: string }[] };
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string | null;
  orgId?: number | string | null;
  culture?: string;
  headers?: Record<string, string>;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(`/api/${path.replace(/^\//, '')}`, this.baseUrl);
    url.searchParams.set('culture', options.culture ?? 'en-US');
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.orgId !== undefined && options.orgId !== null) headers['c-org-id'] = String(options.orgId);
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: ApiResponse<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = any>(path: string, options?: CallOptions) { return this.call<T>('GET', path, options); }
  post<T = any>(path: string, body?: unknown, options: CallOptions = {}) { return this.call<T>('POST', path, { ...options, body }); }
  delete<T = any>(path: string, options?: CallOptions) { return this.call<T>('DELETE', path, options); }
}
