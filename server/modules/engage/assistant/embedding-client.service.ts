import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { AppConfig } from '../../../platform/config.js';

/** Texts sent in one call: small enough for any provider's request limit. */
const BATCH = 64;

/**
 * The installation's embedding model (`PEYK_ASSISTANT_EMBEDDING_URL`, an OpenAI-compatible
 * `/embeddings` endpoint). An operator's address, not a user's, so it is called directly rather than
 * through the outbound URL guard (server/platform/outbound/CONTEXT.md: "Not for addresses an operator
 * configures"). Any failure throws; the assistant then answers by spelling alone.
 */
@injectable()
export class EmbeddingClient {
  constructor(@inject(TYPES.Config) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.config.assistant.embeddingUrl;
  }

  get model(): string {
    return this.config.assistant.embeddingModel;
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) out.push(...await this.call(texts.slice(i, i + BATCH)));
    return out;
  }

  private async call(input: readonly string[]): Promise<number[][]> {
    const { embeddingUrl, embeddingKey, embeddingTimeoutMs } = this.config.assistant;
    if (!embeddingUrl) throw new Error('no embedding endpoint configured');
    const res = await fetch(embeddingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(embeddingKey ? { authorization: `Bearer ${embeddingKey}` } : {}) },
      body: JSON.stringify({ model: this.model, input }),
      signal: AbortSignal.timeout(embeddingTimeoutMs),
    });
    if (!res.ok) throw new Error(`embedding endpoint answered ${res.status}`);
    const body = await res.json() as { data?: { embedding?: unknown; index?: unknown }[] };
    const data = Array.isArray(body?.data) ? body.data : [];
    if (data.length !== input.length) throw new Error(`embedding endpoint answered ${data.length} vectors for ${input.length} texts`);
    const vectors: number[][] = new Array(input.length);
    data.forEach((d, position) => {
      const index = typeof d.index === 'number' ? d.index : position;
      if (!Array.isArray(d.embedding) || !d.embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) throw new Error('embedding endpoint answered a vector that is not a list of numbers');
      vectors[index] = d.embedding as number[];
    });
    if (vectors.some((v) => !v)) throw new Error('embedding endpoint answered duplicate indexes');
    return vectors;
  }
}
