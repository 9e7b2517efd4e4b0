import type { ApiClient, CallOptions } from './api-client';

/** A query as the api client sends it (empty values are stripped there). */
export type QueryValues = NonNullable<CallOptions['query']>;
/** Call options besides what the endpoint itself decides (path, body, query). */
export type EndpointOptions = Omit<CallOptions, 'body' | 'query'>;

/**
 * The typed endpoint layer: each feature's `*-api.ts` names its calls once, with the answer type
 * from the server's contract (`server/shared/<area>/*.answers.ts`), and components call those
 * functions instead of writing paths. Every call still goes through the one ApiClient (headers,
 * refresh, duplicate guard, the error catalogue), so behaviour is the client's as before.
 */
export const endpoint = {
  /** `GET path` with a query. */
  get<Ans, Q extends QueryValues = QueryValues>(path: string) {
    return (api: ApiClient, query?: Q, options: EndpointOptions = {}): Promise<Ans> =>
      api.get<Ans>(path, query === undefined ? options : { ...options, query });
  },
  /** `GET path/:id`. */
  getById<Ans>(path: string) {
    return (api: ApiClient, id: number | string, options: EndpointOptions = {}): Promise<Ans> => api.get<Ans>(`${path}/${id}`, options);
  },
  /** `POST path` with a JSON body. */
  post<Req, Ans = unknown>(path: string) {
    return (api: ApiClient, body: Req, options: EndpointOptions = {}): Promise<Ans> => api.post<Ans>(path, body, options);
  },
  /** `DELETE path/:id`. */
  deleteById<Ans = unknown>(path: string) {
    return (api: ApiClient, id: number | string, options: EndpointOptions = {}): Promise<Ans> => api.delete<Ans>(`${path}/${id}`, options);
  },
};
