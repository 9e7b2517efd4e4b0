import type { ApiClient, ApiResponse } from './api-client.js';
import { adminToken, unique } from './fixtures.js';
import { ok } from './envelope.js';

/** Posts a file as the raw body of `Media/Upload` (the API client sends only text bodies). */
export async function uploadMedia(api: ApiClient, token: string, bytes: Buffer, fileName = 'voice.wav', extraHeaders: Record<string, string> = {}): Promise<ApiResponse> {
  const url = new URL('/api/Media/Upload', api.baseUrl);
  url.searchParams.set('culture', 'en-US');
  url.searchParams.set('fileName', fileName);
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', ...extraHeaders }, body: new Uint8Array(bytes) });
  return { status: res.status, body: JSON.parse(await res.text()), headers: res.headers };
}

let voiceLines = 0;

/** A sender agent of type Voice on the simulator plugin (no voice plugin is needed to carry it) and a public line on it. */
export async function voiceLine(api: ApiClient, options: Record<string, unknown> = {}): Promise<{ agentId: number; lineId: number; number: string }> {
  const superToken = await adminToken(api);
  const agent = ok(await api.post('SenderAgents/Create', {
    title: unique('Voice '), pluginName: 'simulator', type: 'Voice', options: { submitLatencyMs: 0, deliveryDelayMs: 10, deliveryRatio: 1, seed: 1, ...options },
    maxPerSecond: 100_000, isActive: true, isSendActive: true, isActiveAllTime: true,
  }, { token: superToken }));
  voiceLines += 1;
  const number = `2000${String(Date.now()).slice(-6)}${voiceLines}`.slice(0, 12);
  const line = ok(await api.post('PrivateNumbers/Create', {
    number, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id,
    isPublic: true, isActive: true, isSendBulk: true, isGeneralBlackList: true, deliveryBase: true,
  }, { token: superToken }));
  return { agentId: agent.id, lineId: line.id, number };
}
