/** The client's runtime configuration from /config.json, and what the origin page's headers add. */
export interface ServerConfig {
  apiUrl: string;
  origin: string;
  production: boolean;
  serverStateApiUrl: string;
  serverStateToken: string;
}

export interface RuntimeConfig extends ServerConfig {
  /** x-date of the origin page: server time, used to correct the local clock. */
  serverDate: string | null;
  /** x-language of the origin page. */
  language: string | null;
  /** x-api-address of the origin page, when the server names one. */
  apiAddress: string | null;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const body = (await response.json()) as Partial<ServerConfig>;
  // The origin page is fetched without cache only for its headers.
  const origin = await fetchImpl('/', { cache: 'no-store' });
  if (!origin.ok) throw new Error(`origin: HTTP ${origin.status}`);
  return {
    apiUrl: typeof body.apiUrl === 'string' ? body.apiUrl : '',
    origin: typeof body.origin === 'string' && body.origin ? body.origin : window.location.origin,
    production: body.production === true,
    serverStateApiUrl: typeof body.serverStateApiUrl === 'string' ? body.serverStateApiUrl : '',
    serverStateToken: typeof body.serverStateToken === 'string' ? body.serverStateToken : '',
    serverDate: origin.headers.get('x-date'),
    language: origin.headers.get('x-language'),
    apiAddress: origin.headers.get('x-api-address'),
  };
}

/** The API root: the origin's x-api-address, else the config's, else (outside production) a stored override. */
export function resolveApiRoot(config: RuntimeConfig, storedOverride: string | null): string | null {
  if (!config.production && storedOverride) return storedOverride.replace(/\/+$/, '');
  const root = config.apiAddress || config.apiUrl;
  return root ? root.replace(/\/+$/, '') : null;
}
