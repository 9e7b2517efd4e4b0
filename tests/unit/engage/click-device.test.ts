import { expect } from 'chai';
import { classifyDevice } from '../../../server/modules/engage/short-links/click-device.js';

/** The device of a click from its user agent (issue 28): Mobile, Tablet, Desktop, Bot, Other. */
describe('Short link clicks: device from the user agent', () => {
  const cases: [string | undefined, string][] = [
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'Mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 'Mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'Tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-T870) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'Tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'Desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'Desktop'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Desktop'],
    ['TelegramBot (like TwitterBot)', 'Bot'],
    ['WhatsApp/2.23.20.0 A', 'Bot'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Bot'],
    ['curl/8.4.0', 'Bot'],
    ['SomethingUnknown/1.0', 'Other'],
    ['', 'Other'],
    [undefined, 'Other'],
  ];
  for (const [ua, device] of cases) {
    it(`${JSON.stringify(ua)} → ${device}`, () => {
      expect(classifyDevice(ua)).to.equal(device);
      // The remembered answer is the same.
      expect(classifyDevice(ua)).to.equal(device);
    });
  }
});
