import { expect } from 'chai';
import { brandImageUrl, brandThemeMode, DEFAULT_BRANDING, readableOn } from '../../../client/src/shared/app/branding';

describe('branding (white-label domains on the client)', () => {
  it('labels a colour in black or white, whichever reads better', () => {
    expect(readableOn('#0369a1')).to.equal('#ffffff');
    expect(readableOn('#aa1111')).to.equal('#ffffff');
    expect(readableOn('#ffff00')).to.equal('#000000');
    expect(readableOn('#f0f0f0')).to.equal('#000000');
  });

  it('gives a user without a choice the domain\'s dashboard mode, else dark for a Dark desktop', () => {
    expect(brandThemeMode(DEFAULT_BRANDING)).to.equal(null);
    expect(brandThemeMode({ ...DEFAULT_BRANDING, dashboardMode: 'Dark' })).to.equal('dark');
    expect(brandThemeMode({ ...DEFAULT_BRANDING, dashboardMode: 'Light', desktop: 'Dark' })).to.equal('light');
    expect(brandThemeMode({ ...DEFAULT_BRANDING, desktop: 'Dark' })).to.equal('dark');
    expect(brandThemeMode({ ...DEFAULT_BRANDING, desktop: 'Orange' })).to.equal(null);
  });

  it('puts image paths under the API root', () => {
    expect(brandImageUrl('/api', 'CustomerDomains/Image/1/k')).to.equal('/api/CustomerDomains/Image/1/k');
    expect(brandImageUrl('https://api.example.com/api/', '/CustomerDomains/Image/1/k')).to.equal('https://api.example.com/api/CustomerDomains/Image/1/k');
  });
});
