import type { TextResource } from '../../shared/i18n/i18n';

export const auditsTexts: TextResource = {
  ns: 'audits',
  fa: {
    title: 'ممیزی',
    filters: { className: 'نوع موجودیت', operationType: 'نوع عملیات', apply: 'اعمال فیلتر', clear: 'حذف فیلتر' },
    columns: { at: 'زمان', user: 'کاربر', operationType: 'عملیات', className: 'موجودیت', referenceId: 'شناسه', ip: 'IP', details: 'جزئیات' },
    oldData: 'داده قبلی', newData: 'داده جدید', show: 'نمایش', impersonatedBy: 'توسط {{name}} (ورود به جای کاربر)',
    // The operationType and className values the server's services record (server/modules/*/…service.ts).
    operations: {
      Create: 'ایجاد', Update: 'ویرایش', Delete: 'حذف', DeleteWithChildren: 'حذف با زیرمجموعه‌ها', Activate: 'فعال‌سازی',
      Deactivate: 'غیرفعال‌سازی', Archive: 'بایگانی', Unarchive: 'خروج از بایگانی', Suspend: 'مسدودسازی', Unblock: 'رفع مسدودی',
      ResetPassword: 'بازنشانی رمز عبور', ChangePassword: 'تغییر رمز عبور', AssignRole: 'تخصیص نقش', AssignRoleTemplate: 'تخصیص قالب نقش',
      Impersonate: 'ورود به جای کاربر', StopImpersonation: 'پایان ورود به جای کاربر', Logout: 'خروج', RevokeSession: 'پایان نشست',
      AbandonEdit: 'رها کردن ویرایش', Assign: 'تخصیص', Unassign: 'لغو تخصیص', AssignModule: 'فعال‌سازی ماژول',
      UnassignModule: 'غیرفعال‌سازی ماژول', AssignTariff: 'تخصیص تعرفه', BuyPackage: 'خرید بسته', BuyPlan: 'خرید طرح', ExtendPlan: 'تمدید طرح',
      Cancel: 'لغو', ChargeOrganization: 'شارژ سازمان', Confirm: 'تأیید', UndoConfirm: 'لغو تأیید', ConfirmPayment: 'تأیید پرداخت', Reject: 'رد',
      RejectPayment: 'رد پرداخت', CreateBulk: 'ایجاد گروهی', IncreaseUserCredit: 'افزایش اعتبار کاربر', DecreaseUserCredit: 'کاهش اعتبار کاربر',
      OnlineCallback: 'بازگشت از درگاه پرداخت', Revoke: 'ابطال', Rotate: 'تعویض کلید', SetCreditLimit: 'تعیین سقف اعتبار', StartEdit: 'شروع ویرایش',
      UploadImage: 'بارگذاری تصویر', RemoveImage: 'حذف تصویر',
    },
    classes: {
      Organization: 'سازمان', CustomerDomain: 'دامنه و برند', User: 'کاربر', Role: 'نقش', RoleTemplate: 'قالب نقش', Session: 'نشست', AccountInformation: 'اطلاعات حساب',
      ApiToken: 'کلید API', ApiTokenSafeIp: 'IP مجاز کلید API', BlackList: 'لیست سیاه', Credit: 'اعتبار', Discount: 'کد تخفیف',
      MainSettings: 'تنظیمات اصلی', Media: 'فایل صوتی', MessagePattern: 'الگوی پیام', Module: 'ماژول', OtpFormat: 'الگوی رمز یکبار مصرف', Package: 'بسته', Payment: 'پرداخت',
      PaymentGateway: 'درگاه پرداخت', PeriodicSend: 'ارسال دوره‌ای', Plan: 'طرح', PrivateNumber: 'خط', PrivateNumberAssignment: 'تخصیص خط', ResellerSettings: 'قرارداد نماینده', ResellerTarget: 'هدف نمایندگی',
      ScheduledMessage: 'ارسال پیامک', SenderAgent: 'ارسال‌کننده', SmppAccount: 'حساب SMPP', Tariff: 'تعرفه', Webhook: 'وب‌هوک',
    },
    unknownOperation: 'عملیات دیگر', unknownClass: 'موجودیت دیگر',
  },
  en: {
    title: 'Audit trail',
    filters: { className: 'Entity type', operationType: 'Operation', apply: 'Apply filters', clear: 'Clear filters' },
    columns: { at: 'Time', user: 'User', operationType: 'Operation', className: 'Entity', referenceId: 'Reference', ip: 'IP', details: 'Details' },
    oldData: 'Old data', newData: 'New data', show: 'Show', impersonatedBy: 'by {{name}} (impersonating)',
    operations: {
      Create: 'Create', Update: 'Update', Delete: 'Delete', DeleteWithChildren: 'Delete with sub-organizations', Activate: 'Activate',
      Deactivate: 'Deactivate', Archive: 'Archive', Unarchive: 'Unarchive', Suspend: 'Suspend', Unblock: 'Unblock', ResetPassword: 'Reset password',
      ChangePassword: 'Change password', AssignRole: 'Assign role', AssignRoleTemplate: 'Assign role template', Impersonate: 'Impersonate',
      StopImpersonation: 'Stop impersonation', Logout: 'Log out', RevokeSession: 'End session', AbandonEdit: 'Abandon edit', Assign: 'Assign',
      Unassign: 'Unassign', AssignModule: 'Enable module', UnassignModule: 'Disable module', AssignTariff: 'Assign tariff', BuyPackage: 'Buy package',
      BuyPlan: 'Buy plan', ExtendPlan: 'Extend plan', Cancel: 'Cancel', ChargeOrganization: 'Charge organization', Confirm: 'Confirm',
      UndoConfirm: 'Undo confirmation', ConfirmPayment: 'Confirm payment', Reject: 'Reject', RejectPayment: 'Reject payment',
      CreateBulk: 'Create in bulk', IncreaseUserCredit: "Increase user's credit", DecreaseUserCredit: "Decrease user's credit",
      OnlineCallback: 'Payment gateway return', Revoke: 'Revoke', Rotate: 'Rotate key', SetCreditLimit: 'Set credit limit', StartEdit: 'Start edit',
      UploadImage: 'Upload image', RemoveImage: 'Remove image',
    },
    classes: {
      Organization: 'Organization', CustomerDomain: 'Domain and branding', User: 'User', Role: 'Role', RoleTemplate: 'Role template', Session: 'Session',
      AccountInformation: 'Account information', ApiToken: 'API token', ApiTokenSafeIp: 'API token allowed IP', BlackList: 'Blacklist',
      Credit: 'Credit', Discount: 'Discount code', MainSettings: 'Main settings', Media: 'Voice file', MessagePattern: 'Message pattern', Module: 'Module', OtpFormat: 'OTP format',
      Package: 'Package', Payment: 'Payment', PaymentGateway: 'Payment gateway', PeriodicSend: 'Periodic send', Plan: 'Plan', PrivateNumber: 'Line',
      PrivateNumberAssignment: 'Line assignment', ResellerSettings: "Reseller's agreement", ResellerTarget: 'Reseller target', ScheduledMessage: 'SMS send', SenderAgent: 'Sender agent', SmppAccount: 'SMPP account',
      Tariff: 'Tariff', Webhook: 'Webhook',
    },
    unknownOperation: 'Other operation', unknownClass: 'Other entity',
  },
};
