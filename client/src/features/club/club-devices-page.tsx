import { useCallback, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import type { DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalSubjectPage, type ApprovalSubjectDialogProps } from '../../shared/ui/approvals/approval-subject-page';
import { ApprovalStatusBadge } from '../../shared/ui/approvals/approvals';
import { useApprovalListRefresh } from '../../shared/ui/approvals/approval-list';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { getMyNumbers } from '../lines/lines-api';
import { getPhonebookChoices } from '../contacts/contacts-api';
import { CLUB_PLACEHOLDERS, clubApi, DELAY_TYPES, exampleRequest, type ClubDeviceBody, type ClubDeviceItem } from './club-api';

const NS = 'club';
const PATH = '/ClubDevices';
const SWR_KEY = 'club-devices';

const numberOrNull = (v: string): number | null => (v.trim() === '' ? null : Number(v));

/** The secret the server answers once, with a copyable example of a signed post. */
function SecretDialog({ device, secret, onClose }: { device: { id: number; deviceId: string }; secret: string; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { apiRoot } = useApp();
  const example = exampleRequest(apiRoot, device, secret);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ kind: 'success', message: t('secret.copied') });
    } catch { /* no clipboard (plain http): the text stays selectable */ }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('secret.title')} data-testid="club-secret-dialog">
      <p role="alert" className="mb-3 text-sm font-medium text-amber-700 dark:text-amber-300">{t('secret.warning')}</p>
      <input readOnly dir="ltr" value={secret} aria-label={t('secret.title')} data-testid="club-secret" onFocus={(e) => e.target.select()}
        className="mb-3 w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800" />
      <label htmlFor="club-example" className="mb-1 block text-sm font-medium">{t('secret.example')}</label>
      <p id="club-example-hint" className="mb-1 text-xs text-slate-600 dark:text-slate-300">{t('secret.exampleHint')}</p>
      <textarea id="club-example" readOnly dir="ltr" rows={6} value={example} aria-describedby="club-example-hint" data-testid="club-example" onFocus={(e) => e.target.select()}
        className="mb-3 w-full rounded border border-slate-300 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={() => void copy(secret)} data-testid="club-secret-copy">{t('secret.copy')}</Button>
        <Button variant="secondary" onClick={() => void copy(example)} data-testid="club-example-copy">{t('secret.copyExample')}</Button>
        <Button variant="secondary" onClick={onClose} data-testid="club-secret-close">{t('secret.close')}</Button>
      </div>
    </ModalDialog>
  );
}

/** Request or edit a device: every field of the spec's Customer club device; the server judges ownership, the line's flag and the URL. */
function DeviceDialog({ editing, onClose, onSaved }: ApprovalSubjectDialogProps<ClubDeviceItem>) {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const { data: lines } = useSWR(['club-lines'], () => getMyNumbers(api, { sendType: 'Single' }));
  const { data: books } = useSWR(['club-phonebooks'], () => getPhonebookChoices(api, { manageable: true }));
  const [deviceId, setDeviceId] = useState(editing?.deviceId ?? '');
  const [phonebookIds, setBooks] = useState<number[]>(editing?.phonebookIdList ?? []);
  const [delayType, setDelayType] = useState<ClubDeviceBody['delayType']>(editing?.delayType ?? 'Minute');
  const [delayValue, setDelayValue] = useState(String(editing?.delayValue ?? 0));
  const [isShowDetail, setShowDetail] = useState(editing?.isShowDetail ?? false);
  const [messageText, setMessage] = useState(editing?.messageText ?? '');
  const [privateNumberId, setLine] = useState(editing?.privateNumberId ? String(editing.privateNumberId) : '');
  const [rialsPerPoint, setRials] = useState(editing?.rialsPerPoint != null ? String(editing.rialsPerPoint) : '');
  const [webhookUrl, setWebhookUrl] = useState(editing?.webhookUrl ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: number; deviceId: string; secret: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const required: FieldErrors = {};
    if (!deviceId.trim()) required.deviceId = t('required');
    if (phonebookIds.length === 0) required.phonebookIdList = t('required');
    if (messageText.trim() && !privateNumberId) required.privateNumberId = t('required');
    if (Object.keys(required).length > 0) { setErrors(required); return; }
    setBusy(true);
    try {
      const body: ClubDeviceBody = {
        deviceId, phonebookIdList: phonebookIds, delayType, delayValue: numberOrNull(delayValue) ?? 0, isShowDetail,
        messageText: messageText.trim() ? messageText : null, privateNumberId: privateNumberId ? Number(privateNumberId) : null,
        rialsPerPoint: numberOrNull(rialsPerPoint), webhookUrl: webhookUrl.trim() ? webhookUrl.trim() : null,
      };
      if (editing) {
        await clubApi.updateDevice(api, { id: editing.id, ...body }, { quiet: true });
        onSaved();
      } else {
        const device = await clubApi.createDevice(api, body, { quiet: true });
        setCreated({ id: device.id, deviceId: device.deviceId, secret: device.secret });
      }
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  if (created) return <SecretDialog device={created} secret={created.secret} onClose={onSaved} />;
  const clubLines = (lines ?? []).filter((l) => l.isSendClub);
  const bookError = errors.phonebookIdList;
  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid="club-device-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="club-device-errors" />
        <div className="mb-4 grid gap-3 sm:grid-cols-2">
          <TextField id="club-device-id" data-testid="club-device-id" label={t('fields.deviceId')} hint={t('hints.deviceId')} value={deviceId} maxLength={100} required dir="ltr"
            error={errors.deviceId} onChange={(e) => setDeviceId(e.target.value)} />
          <NumericInput id="club-device-rials" data-testid="club-device-rials" label={t('fields.rialsPerPoint')} hint={t('hints.rialsPerPoint')} value={rialsPerPoint} onValueChange={setRials} error={errors.rialsPerPoint} />
          <FieldFrame id="club-device-phonebooks" label={t('fields.phonebooks')} hint={books && books.length === 0 ? t('noPhonebooks') : t('hints.phonebooks')} required errorText={bookError ?? null} className="sm:col-span-2">
            <select id="club-device-phonebooks" data-testid="club-device-phonebooks" multiple size={Math.min(6, Math.max(3, books?.length ?? 3))}
              value={phonebookIds.map(String)} onChange={(e) => setBooks(Array.from(e.target.selectedOptions, (o) => Number(o.value)))}
              className={inputClass(!!bookError)} aria-invalid={bookError ? true : undefined} aria-describedby={describedBy('club-device-phonebooks', t('hints.phonebooks'), bookError ?? null)}>
              {(books ?? []).map((b) => <option key={b.id} value={b.id}>{b.title}</option>)}
            </select>
          </FieldFrame>
          <TextField id="club-device-message" data-testid="club-device-message" className="sm:col-span-2" label={t('fields.messageText')}
            hint={t('hints.messageText', { placeholders: CLUB_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })} value={messageText} maxLength={1000}
            error={errors.messageText} onChange={(e) => setMessage(e.target.value)} />
          <FieldFrame id="club-device-line" label={t('fields.line')} hint={lines && clubLines.length === 0 ? t('noLines') : t('hints.line')} errorText={errors.privateNumberId ?? null}>
            <select id="club-device-line" data-testid="club-device-line" value={privateNumberId} onChange={(e) => setLine(e.target.value)} className={inputClass(!!errors.privateNumberId)}
              aria-invalid={errors.privateNumberId ? true : undefined} aria-describedby={describedBy('club-device-line', t('hints.line'), errors.privateNumberId ?? null)}>
              <option value="">{t('noMessage')}</option>
              {clubLines.map((l) => <option key={l.id} value={l.id}>{l.number}</option>)}
            </select>
          </FieldFrame>
          <div className="grid grid-cols-2 gap-2">
            <NumericInput id="club-device-delay" data-testid="club-device-delay" label={t('fields.delayValue')} hint={t('hints.delay')} value={delayValue} onValueChange={setDelayValue} error={errors.delayValue} />
            <FieldFrame id="club-device-delay-type" label={t('fields.delayType')} errorText={errors.delayType ?? null}>
              <select id="club-device-delay-type" data-testid="club-device-delay-type" value={delayType} onChange={(e) => setDelayType(e.target.value as ClubDeviceBody['delayType'])} className={inputClass(!!errors.delayType)}>
                {DELAY_TYPES.map((d) => <option key={d} value={d}>{t(`delayTypes.${d}`)}</option>)}
              </select>
            </FieldFrame>
          </div>
          <TextField id="club-device-webhook" data-testid="club-device-webhook" className="sm:col-span-2" label={t('fields.webhookUrl')} hint={t('hints.webhookUrl')} value={webhookUrl} maxLength={2000} dir="ltr"
            error={errors.webhookUrl} onChange={(e) => setWebhookUrl(e.target.value)} />
          <CheckboxField id="club-device-detail" data-testid="club-device-detail" className="sm:col-span-2" label={t('fields.isShowDetail')} checked={isShowDetail} onCheckedChange={setShowDetail} error={errors.isShowDetail} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="club-device-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** A phonebook's device fields (the spec's deviceConnectionPort, isSendMessageAfterAddFromDevice). */
function PhonebookDeviceDialog({ onClose }: { onClose(): void }) {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const { data: books } = useSWR(['club-phonebooks'], () => getPhonebookChoices(api, { manageable: true }));
  const [phonebookId, setBook] = useState('');
  const [port, setPort] = useState('');
  const [send, setSend] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!phonebookId) { setErrors({ phonebookId: t('required') }); return; }
    setBusy(true);
    try {
      await clubApi.setPhonebookDevice(api, { phonebookId: Number(phonebookId), deviceConnectionPort: numberOrNull(port), isSendMessageAfterAddFromDevice: send }, { quiet: true });
      showToast({ kind: 'success', message: t('phonebookSettings.saved') });
      onClose();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('phonebookSettings.title')} data-testid="club-phonebook-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="club-phonebook-errors" />
        <div className="mb-4 grid gap-3">
          <FieldFrame id="club-phonebook" label={t('phonebookSettings.phonebook')} required errorText={errors.phonebookId ?? null}>
            <select id="club-phonebook" data-testid="club-phonebook" value={phonebookId} onChange={(e) => setBook(e.target.value)} className={inputClass(!!errors.phonebookId)} required>
              <option value="">{t('choose')}</option>
              {(books ?? []).map((b) => <option key={b.id} value={b.id}>{b.title}</option>)}
            </select>
          </FieldFrame>
          <NumericInput id="club-phonebook-port" data-testid="club-phonebook-port" label={t('phonebookSettings.port')} hint={t('phonebookSettings.portHint')} value={port} onValueChange={setPort} error={errors.deviceConnectionPort} />
          <CheckboxField id="club-phonebook-send" data-testid="club-phonebook-send" label={t('phonebookSettings.send')} checked={send} onCheckedChange={setSend} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="club-phonebook-save">{t('phonebookSettings.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function ClubDevicesPage() {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const digits = useDigits();
  const refresh = useApprovalListRefresh(SWR_KEY);
  const [rotating, setRotating] = useState<ClubDeviceItem | null>(null);
  const [secret, setSecret] = useState<{ id: number; deviceId: string; secret: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [phonebookDialog, setPhonebookDialog] = useState(false);

  const rotate = async () => {
    if (!rotating) return;
    setBusy(true);
    try {
      const device = await clubApi.rotateSecret(api, rotating.id);
      setRotating(null);
      setSecret({ id: device.id, deviceId: device.deviceId, secret: device.secret });
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const leading = useMemo<DataTableColumn<ClubDeviceItem>[]>(() => [
    { key: 'id', header: t('columns.id'), cell: (r) => digits(r.id) },
    { key: 'deviceId', header: t('columns.deviceId'), hideable: false, cell: (r) => <span dir="ltr" data-testid="club-device-row-id">{r.deviceId}</span> },
    { key: 'line', header: t('columns.line'), cell: (r) => <span dir="ltr">{r.senderNumber ?? t('none')}</span> },
    { key: 'delay', header: t('columns.delay'), cell: (r) => t('delayCell', { value: digits(r.delayValue), unit: t(`delayTypes.${r.delayType}`) }) },
    { key: 'points', header: t('columns.points'), cell: (r) => (r.rialsPerPoint ? digits(r.rialsPerPoint) : t('none')) },
    { key: 'purchases', header: t('columns.purchases'), cell: (r) => <span data-testid="club-device-purchases">{digits(r.purchaseCount)}</span> },
  ], [t, digits]);
  const trailing = useMemo<DataTableColumn<ClubDeviceItem>[]>(() => [
    { key: 'lastPurchase', header: t('columns.lastPurchase'), cell: (r) => (r.lastPurchaseAt ? <DateDisplay value={r.lastPurchaseAt} /> : t('none')) },
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => <UserText>{r.organizationName}</UserText> },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
  ], [t]);
  const statusCell = useCallback((r: ClubDeviceItem) => (
    <span className="grid gap-1">
      <ApprovalStatusBadge ns={NS} status={r.status} testId="club-device-status" />
      {r.status === 'Rejected' && r.rejectComment && <UserText className="text-xs text-red-700 dark:text-red-300" data-testid="club-device-reject-comment">{t('rejectComment', { comment: r.rejectComment })}</UserText>}
      {r.lastFailureCode && <span className="text-xs text-amber-700 dark:text-amber-300" data-testid="club-device-failure">{t('lastFailure', { code: r.lastFailureCode })}</span>}
    </span>
  ), [t]);
  // Only an administrator above the device's organization decides (the server's rule); its own administrators wait.
  const { data: me } = useCurrentUser();
  const canDecideRow = useCallback((r: ClubDeviceItem) => me?.scope === 'superAdmin' || (me !== undefined && r.organizationId !== me.organizationId), [me]);
  const rowActions = useCallback((r: ClubDeviceItem) => (
    <Button size="sm" variant="secondary" onClick={() => setRotating(r)} data-testid="club-device-rotate">{t('rotate')}</Button>
  ), [t]);
  const empty = useCallback((create: () => void) => (
    <EmptyState title={t('empty')} description={t('emptyHint')} action={<Button onClick={create} data-testid="club-device-create-first">{t('create')}</Button>} data-testid="club-devices-empty" />
  ), [t]);

  return (
    <>
      <div className="mb-2 flex justify-end">
        <Button size="sm" variant="secondary" onClick={() => setPhonebookDialog(true)} data-testid="club-phonebook-open">{t('phonebookSettings.open')}</Button>
      </div>
      <ApprovalSubjectPage<ClubDeviceItem> pageTestId="club-devices-page" ns={NS} path={PATH} swrKey={SWR_KEY} testId="club-device" tableTestId="club-devices-table"
        leading={leading} trailing={trailing} statusCell={statusCell} canDecideRow={canDecideRow} rowActions={rowActions} rejectWithReason rejectReasonField="rejectComment"
        emptyState={empty} dialog={DeviceDialog} />
      <ConfirmDialog open={!!rotating} busy={busy} title={t('rotateTitle')} message={rotating ? t('rotateMessage', { title: rotating.deviceId }) : undefined}
        confirmText={t('rotate')} onConfirm={() => void rotate()} onCancel={() => setRotating(null)} data-testid="club-rotate-dialog" />
      {secret && <SecretDialog device={secret} secret={secret.secret} onClose={() => { setSecret(null); void refresh(); }} />}
      {phonebookDialog && <PhonebookDeviceDialog onClose={() => setPhonebookDialog(false)} />}
    </>
  );
}
