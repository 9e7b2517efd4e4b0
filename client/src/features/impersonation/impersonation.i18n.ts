import type { TextResource } from '../../shared/i18n/i18n';

export const impersonationTexts: TextResource = {
  ns: 'impersonation',
  fa: {
    title: 'تاریخچه ورود به جای کاربر',
    columns: { impersonator: 'واردشونده', user: 'کاربر', organization: 'سازمان', startedAt: 'شروع', endedAt: 'پایان' },
    ongoing: 'در جریان',
  },
  en: {
    title: 'Impersonation history',
    columns: { impersonator: 'Impersonator', user: 'Impersonated user', organization: 'Organization', startedAt: 'Started', endedAt: 'Ended' },
    ongoing: 'Ongoing',
  },
};
