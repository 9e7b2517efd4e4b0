import type { ClickDevice } from '../../../shared/engage/short-links.js';

// Order matters: crawlers and link previewers first (many name a phone in their agent), then
// tablets (an iPad or an Android without "Mobile"), then phones, then desktop systems.
const BOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|curl|wget|python-requests|httpclient|okhttp|go-http-client|headless|lighthouse|axios|node-fetch|autocannon/i;
const TABLET = /ipad|tablet|kindle|silk|playbook|sm-t\d|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone|webos/i;
const DESKTOP = /windows nt|macintosh|mac os x|x11|linux|cros/i;

// A busy redirect sees the same few hundred agents over and over: their classes are remembered.
const known = new Map<string, ClickDevice>();

/** The device class of a click from its User-Agent header (no header or an unknown one: Other). */
export function classifyDevice(userAgent: string | undefined): ClickDevice {
  if (!userAgent) return 'Other';
  let device = known.get(userAgent);
  if (device === undefined) {
    device = classify(userAgent);
    if (known.size >= 5_000) known.clear();
    known.set(userAgent, device);
  }
  return device;
}

function classify(userAgent: string): ClickDevice {
  if (BOT.test(userAgent)) return 'Bot';
  if (TABLET.test(userAgent)) return 'Tablet';
  if (MOBILE.test(userAgent)) return 'Mobile';
  if (DESKTOP.test(userAgent)) return 'Desktop';
  return 'Other';
}
