import { expect } from 'chai';
import { checkoutTag, staleTemplates, TEMPLATE_IDLE_HOURS } from '../../support/databases.js';

const NOW = new Date('2026-12-04T10:00:00Z');
const used = (hoursAgo: number) => `peyk-template-used:${new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString()}`;
const own = { tag: 'aaaa1111', key: '0123456789abcdef' };

describe('test databases: which migrated templates a run drops', () => {
  it('a checkout is told apart by its folder', () => {
    expect(checkoutTag('/work/main')).to.match(/^[0-9a-f]{8}$/);
    expect(checkoutTag('/work/main')).to.not.equal(checkoutTag('/work/wt-mends'));
    expect(checkoutTag('/work/main')).to.equal(checkoutTag('/work/main'));
  });

  it('drops this checkout\'s templates of other migrations, keeps its own current one and another checkout\'s in use', () => {
    const templates = [
      { datname: 'peyk_tpl_aaaa1111_0123456789abcdef', note: used(0) },
      { datname: 'peyk_tpl_aaaa1111_fedcba9876543210', note: used(1) },
      { datname: 'peyk_tpl_aaaa1111_1111111111111111', note: null },
      { datname: 'peyk_tpl_bbbb2222_fedcba9876543210', note: used(1) },
      { datname: 'peyk_tpl_bbbb2222_0123456789abcdef', note: used(TEMPLATE_IDLE_HOURS - 1) },
    ];
    expect(staleTemplates(templates, own, NOW)).to.deep.equal(['peyk_tpl_aaaa1111_fedcba9876543210', 'peyk_tpl_aaaa1111_1111111111111111']);
  });

  it('drops another checkout\'s template unused for longer than the idle limit; never a build in progress nor one without a note of use', () => {
    const templates = [
      { datname: 'peyk_tpl_bbbb2222_fedcba9876543210', note: used(TEMPLATE_IDLE_HOURS + 1) },
      { datname: 'peyk_tpl_aaaa1111_fedcba9876543210_b_123_abc', note: null },
      { datname: 'peyk_tpl_bbbb2222_fedcba9876543210_b_123_abc', note: null },
      { datname: 'peyk_tpl_4ee9ee520b4bc9a5', note: null },
      { datname: 'peyk_tpl_cccc3333_fedcba9876543210', note: 'someone else\'s words' },
    ];
    expect(staleTemplates(templates, own, NOW)).to.deep.equal(['peyk_tpl_bbbb2222_fedcba9876543210']);
  });
});
