import { expect } from 'chai';
import { menuBlocks, type MenuSection } from '../../../client/src/app/layout/menu-blocks';

const MENU: MenuSection[] = [
  { key: 'Dashboard', titleKey: 'menu.dashboard', items: [{ path: '/', titleKey: 'menu.dashboardHome', claim: 'Dashboard.View' }] },
  {
    key: 'SmsReports', titleKey: 'menu.smsReports', items: [
      { path: '/outbox', titleKey: 'menu.outbox', claim: 'SmsReports.Outbox' },
      { path: '/inbox', titleKey: 'menu.inbox', claim: 'SmsReports.Inbox' },
    ],
  },
  { key: 'Phonebook', titleKey: 'menu.phonebook', items: [{ path: '/section/phonebook', titleKey: 'menu.phonebook', claim: 'Phonebook.Manage' }] },
];

describe('client: menu sections with one entry', () => {
  it('shows a section with one entry as one link under the section name', () => {
    const blocks = menuBlocks(() => true, MENU);
    expect(blocks[0]).to.deep.equal({ kind: 'link', key: 'Dashboard', titleKey: 'menu.dashboard', item: MENU[0].items[0] });
    expect(blocks[2]).to.include({ kind: 'link', titleKey: 'menu.phonebook' });
  });

  it('keeps a heading over a section of several visible entries', () => {
    const blocks = menuBlocks(() => true, MENU);
    expect(blocks[1]).to.deep.include({ kind: 'group', key: 'SmsReports', titleKey: 'menu.smsReports' });
    expect((blocks[1] as { items: unknown[] }).items).to.have.length(2);
  });

  it("names the link after the entry when the user's claims left one of several", () => {
    const blocks = menuBlocks((claim) => claim !== 'SmsReports.Inbox', MENU);
    expect(blocks[1]).to.deep.equal({ kind: 'link', key: 'SmsReports', titleKey: 'menu.outbox', item: MENU[1].items[0] });
  });

  it('leaves out sections with nothing the user may open', () => {
    const blocks = menuBlocks((claim) => claim === 'Dashboard.View', MENU);
    expect(blocks.map((b) => b.key)).to.deep.equal(['Dashboard']);
  });
});
