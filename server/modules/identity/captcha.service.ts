import { inject, injectable } from 'inversify';
import { randomInt, randomUUID } from 'node:crypto';
import { TYPES } from '../../platform/tokens.js';
import type { KeyValueStore } from '../../platform/kv.js';
import { toLatinDigits } from '../../platform/confirmation.js';

const TTL_MS = 2 * 60_000;

/**
 * A numeric picture captcha. Answers live in the key-value store for two minutes and are
 * consumed by the first check, right or wrong, so one picture cannot be brute-forced.
 */
@injectable()
export class CaptchaService {
  constructor(@inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore) {}

  async create(): Promise<{ captchaId: string; image: string; expiresInSeconds: number }> {
    const captchaId = randomUUID();
    const answer = String(randomInt(10_000, 100_000));
    await this.kv.set(`captcha:${captchaId}`, answer, TTL_MS);
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(renderSvg(answer)).toString('base64')}`, expiresInSeconds: TTL_MS / 1000 };
  }

  async verify(captchaId: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaId || !code) return false;
    const answer = await this.kv.take(`captcha:${captchaId}`);
    return answer !== null && answer === toLatinDigits(code).trim();
  }
}

function renderSvg(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(`<line x1="${randomInt(0, 160)}" y1="${randomInt(0, 50)}" x2="${randomInt(0, 160)}" y2="${randomInt(0, 50)}" stroke="#${randomInt(0x555555, 0xaaaaaa).toString(16)}" stroke-width="1.5"/>`);
  }
  [...text].forEach((ch, i) => {
    const x = 18 + i * 28;
    const y = 34 + randomInt(-6, 7);
    const rot = randomInt(-25, 26);
    parts.push(`<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})" font-family="monospace" font-size="28" font-weight="bold" fill="#${randomInt(0x111111, 0x555555).toString(16)}">${ch}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="50" viewBox="0 0 160 50"><rect width="160" height="50" fill="#f4f4f4"/>${parts.join('')}</svg>`;
}
