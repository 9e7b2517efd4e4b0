import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { TextField } from '../../shared/ui/form/text-field';
import { FieldFrame, describedBy, inputClass } from '../../shared/ui/form/field-frame';
import { FileInput } from '../../shared/ui/form/file-input';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { FormPicker } from '../admin-common/pickers';
import {
  LANDING_BLOCK_TYPES, LANDING_IMAGE_MAX_BYTES, LANDING_LANGUAGES, LANDING_NAME_PATTERN, LANDING_PAGES_PATH, LANDING_THEMES, MAX_LANDING_BLOCKS,
  landingImageUrl, landingPagePath, landingPagesApi, landingPagesKeys, uploadLandingImage,
  type LandingBlock, type LandingBlockType, type LandingLanguage, type LandingPageAnswer, type LandingTheme, type PublicLandingBlock,
} from './landing-pages-api';
import { LandingPageView } from './landing-page-view';
import { LandingVisits } from './landing-visits';

type Draft = LandingBlock & { uid: string };

let uidCounter = 0;
const uid = () => `b${(uidCounter += 1)}`;
const NAME = new RegExp(LANDING_NAME_PATTERN);
const WEB = /^https?:\/\/[^\s/]+/i;

function emptyBlock(type: LandingBlockType): Draft {
  switch (type) {
    case 'heading': return { uid: uid(), type, text: '', level: 1 };
    case 'text': return { uid: uid(), type, text: '' };
    case 'image': return { uid: uid(), type, imageKey: '', alt: '' };
    case 'button': return { uid: uid(), type, label: '', url: 'https://' };
    case 'form': return { uid: uid(), type, formId: 0, label: '' };
  }
}

const withoutUid = ({ uid: _uid, ...block }: Draft): LandingBlock => block as LandingBlock;

/** Field errors by the server's property names (`blocks[2].url`), so each block shows its own. */
function errorsOf(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return { '': String((err as Error)?.message ?? err) };
  const out: FieldErrors = {};
  for (const v of err.validationErrors) out[v.propertyName] = out[v.propertyName] ? `${out[v.propertyName]} ${v.message}` : v.message;
  if (!err.validationErrors.length && err.message) out[''] = err.message;
  return out;
}

/** A native select over a fixed list, labelled like the other fields. */
function ChoiceField({ id, label, value, options, onChange, error, testId }: {
  id: string; label: string; value: string; options: { value: string; label: string }[]; onChange(v: string): void; error?: string; testId: string;
}) {
  return (
    <FieldFrame id={id} label={label} errorText={error ?? null}>
      <select id={id} className={inputClass(!!error)} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error ?? null)}
        onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </FieldFrame>
  );
}

/**
 * The landing page builder: page fields, blocks (add, edit, move up/down, remove: every control a
 * button or a field, so it all works from the keyboard), a live preview in the page's own theme and
 * direction, publishing and the daily visits of a saved page.
 */
export function LandingPageBuilderPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api, apiRoot } = useApp();
  const { t } = useTranslation('landingPages');
  const digits = useDigits();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: existing, isLoading } = useSWR(editingId ? landingPagesKeys.one(editingId) : null, () => landingPagesApi.get(api, editingId as number));
  const { data: address } = useSWR(landingPagesKeys.address(), () => landingPagesApi.address(api));
  const [saved, setSaved] = useState<LandingPageAnswer | null>(null);
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [language, setLanguage] = useState<LandingLanguage>('fa');
  const [theme, setTheme] = useState<LandingTheme>('default');
  const [blocks, setBlocks] = useState<Draft[]>([]);
  const [newType, setNewType] = useState<LandingBlockType>('heading');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<Record<string, number>>({});
  const loaded = useRef(false);

  useEffect(() => {
    if (!existing || loaded.current) return;
    loaded.current = true;
    setSaved(existing);
    setTitle(existing.title); setSlug(existing.slug); setLanguage(existing.language); setTheme(existing.theme);
    setBlocks(existing.blocks.map((b) => ({ ...b, uid: uid() }) as Draft));
  }, [existing]);

  const change = (at: number, patch: Partial<LandingBlock>) => setBlocks((list) => list.map((b, i) => (i === at ? ({ ...b, ...patch } as Draft) : b)));
  const move = (at: number, by: -1 | 1) => setBlocks((list) => {
    const to = at + by;
    if (to < 0 || to >= list.length) return list;
    const next = [...list];
    [next[at], next[to]] = [next[to], next[at]];
    return next;
  });
  const remove = (at: number) => setBlocks((list) => list.filter((_, i) => i !== at));
  const add = () => setBlocks((list) => (list.length >= MAX_LANDING_BLOCKS ? list : [...list, emptyBlock(newType)]));

  const upload = async (at: number, draft: Draft, file: File | undefined) => {
    if (!file) return;
    const field = `blocks[${at}].imageKey`;
    if (file.size > LANDING_IMAGE_MAX_BYTES) { setErrors((e) => ({ ...e, [field]: t('builder.imageTooLarge') })); return; }
    if (!/\.(png|jpe?g)$/i.test(file.name)) { setErrors((e) => ({ ...e, [field]: t('builder.imageWrongType') })); return; }
    setUploading((u) => ({ ...u, [draft.uid]: 0 }));
    try {
      const image = await uploadLandingImage(api, file, (p) => setUploading((u) => ({ ...u, [draft.uid]: p })));
      setBlocks((list) => list.map((b) => (b.uid === draft.uid ? { ...b, imageKey: image.key } as Draft : b)));
      setErrors(({ [field]: _gone, ...rest }) => rest);
      showToast({ kind: 'success', message: t('builder.imageUploaded') });
    } catch (err) {
      setErrors((e) => ({ ...e, [field]: errorsOf(err).file ?? Object.values(errorsOf(err))[0] }));
    } finally {
      setUploading(({ [draft.uid]: _done, ...rest }) => rest);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (!NAME.test(slug.trim())) local.slug = t('address.invalid');
    blocks.forEach((b, i) => {
      if ((b.type === 'heading' || b.type === 'text') && !b.text.trim()) local[`blocks[${i}].text`] = t('common.required');
      if ((b.type === 'button' || b.type === 'form') && !b.label.trim()) local[`blocks[${i}].label`] = t('common.required');
      if (b.type === 'button' && !WEB.test(b.url.trim())) local[`blocks[${i}].url`] = t('builder.urlInvalid');
      if (b.type === 'image' && !b.imageKey) local[`blocks[${i}].imageKey`] = t('builder.imageNone');
      if (b.type === 'form' && !(b.formId > 0)) local[`blocks[${i}].formId`] = t('common.required');
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = { title: title.trim(), slug: slug.trim(), language, theme, blocks: blocks.map(withoutUid) };
    setBusy(true);
    try {
      const answer = editingId
        ? await landingPagesApi.update(api, { id: editingId, ...body }, { quiet: true })
        : await landingPagesApi.create(api, body, { quiet: true });
      setSaved(answer);
      showToast({ kind: 'success', message: t('builder.saved') });
      await mutate(landingPagesKeys.isLandingKey);
      if (!editingId) void navigate(landingPagePath(answer.id), { replace: true });
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const publish = async (isPublished: boolean) => {
    if (!saved) return;
    setBusy(true);
    try {
      const answer = await landingPagesApi.changeStatus(api, { id: saved.id, isPublished }, { quiet: true });
      setSaved(answer);
      setErrors(({ isPublished: _gone, ...rest }) => rest);
      showToast({ kind: 'success', message: t(isPublished ? 'builder.publishedToast' : 'builder.unpublishedToast') });
      await mutate(landingPagesKeys.isLandingKey);
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const preview = useMemo<PublicLandingBlock[]>(() => blocks.map((b) => {
    const block = withoutUid(b);
    return block.type === 'image' ? { ...block, url: block.imageKey ? landingImageUrl(apiRoot, block.imageKey) : '' } : block;
  }), [blocks, apiRoot]);

  if (editingId && isLoading) return <Spinner />;
  const publicAddress = saved?.publicPath ? `${window.location.origin}${saved.publicPath}` : null;
  const err = (field: string) => errors[field];
  return (
    <section data-testid="landing-builder-page">
      <PageHeader title={t(editingId ? 'builder.editTitle' : 'builder.createTitle')} breadcrumbs={<Link to={LANDING_PAGES_PATH} className="underline">{t('common.back')}</Link>} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="landing-builder-form">
            <ErrorSummary errors={errors} testId="landing-errors" />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField id="landing-title" data-testid="landing-title" label={t('builder.title')} value={title} maxLength={200} required error={err('title')} onChange={(e) => setTitle(e.target.value)} />
              <TextField id="landing-slug" data-testid="landing-slug" label={t('builder.slug')} hint={t('builder.slugHint')} value={slug} dir="ltr" maxLength={50} required error={err('slug')} onChange={(e) => setSlug(e.target.value)} />
              <ChoiceField id="landing-language" testId="landing-language" label={t('builder.language')} value={language} error={err('language')}
                options={LANDING_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} onChange={(v) => setLanguage(v as LandingLanguage)} />
              <ChoiceField id="landing-theme" testId="landing-theme" label={t('builder.theme')} value={theme} error={err('theme')}
                options={LANDING_THEMES.map((th) => ({ value: th, label: t(`themes.${th}`) }))} onChange={(v) => setTheme(v as LandingTheme)} />
            </div>

            <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="landing-blocks">
              <legend className="px-1 text-sm font-semibold">{t('builder.blocks')}</legend>
              {blocks.length === 0 && <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="landing-no-blocks">{t('builder.noBlocks')}</p>}
              <ol className="grid gap-3">
                {blocks.map((b, i) => (
                  <li key={b.uid} data-testid="landing-block" data-type={b.type}>
                    <BlockCard index={i} count={blocks.length} title={t('builder.blockTitle', { n: digits(i + 1), type: t(`blockTypes.${b.type}`) })}
                      onUp={() => move(i, -1)} onDown={() => move(i, 1)} onRemove={() => remove(i)}>
                      {(b.type === 'heading' || b.type === 'text') && (
                        b.type === 'heading'
                          ? <TextField id={`block-${b.uid}-text`} data-testid="block-text" label={t('builder.headingText')} value={b.text} maxLength={200} required error={err(`blocks[${i}].text`)} onChange={(e) => change(i, { text: e.target.value })} />
                          : (
                            <FieldFrame id={`block-${b.uid}-text`} label={t('builder.text')} required errorText={err(`blocks[${i}].text`) ?? null}>
                              <textarea id={`block-${b.uid}-text`} className={inputClass(!!err(`blocks[${i}].text`))} rows={4} dir="auto" maxLength={5000} value={b.text} required
                                aria-invalid={err(`blocks[${i}].text`) ? true : undefined} aria-describedby={describedBy(`block-${b.uid}-text`, undefined, err(`blocks[${i}].text`) ?? null)}
                                onChange={(e) => change(i, { text: e.target.value })} data-testid="block-text" />
                            </FieldFrame>
                          )
                      )}
                      {b.type === 'heading' && (
                        <ChoiceField id={`block-${b.uid}-level`} testId="block-level" label={t('builder.level')} value={String(b.level)} error={err(`blocks[${i}].level`)}
                          options={[1, 2, 3].map((l) => ({ value: String(l), label: t(`builder.levels.${l}`) }))} onChange={(v) => change(i, { level: Number(v) as 1 | 2 | 3 })} />
                      )}
                      {b.type === 'image' && (
                        <>
                          <FileInput id={`block-${b.uid}-file`} data-testid="block-image-file" label={t('builder.image')} accept="image/png,image/jpeg"
                            fileName={b.imageKey ? b.imageKey.slice(0, 8) : null} disabled={uploading[b.uid] !== undefined} onFile={(f) => void upload(i, b, f)}
                            errorId={err(`blocks[${i}].imageKey`) ? `block-${b.uid}-file-error` : undefined} />
                          {uploading[b.uid] !== undefined && <p role="status" className="text-sm" data-testid="block-image-progress">{t('builder.imageUploading', { p: digits(uploading[b.uid]) })}</p>}
                          {err(`blocks[${i}].imageKey`) && <p id={`block-${b.uid}-file-error`} role="alert" className="text-sm text-red-700">{err(`blocks[${i}].imageKey`)}</p>}
                          {b.imageKey && <img src={landingImageUrl(apiRoot, b.imageKey)} alt="" className="h-20 w-auto rounded border" data-testid="block-image-thumb" />}
                          <TextField id={`block-${b.uid}-alt`} data-testid="block-alt" label={t('builder.alt')} value={b.alt} maxLength={200} error={err(`blocks[${i}].alt`)} onChange={(e) => change(i, { alt: e.target.value })} />
                        </>
                      )}
                      {b.type === 'button' && (
                        <>
                          <TextField id={`block-${b.uid}-label`} data-testid="block-label" label={t('builder.label')} value={b.label} maxLength={100} required error={err(`blocks[${i}].label`)} onChange={(e) => change(i, { label: e.target.value })} />
                          <TextField id={`block-${b.uid}-url`} data-testid="block-url" label={t('builder.url')} value={b.url} dir="ltr" type="url" maxLength={2000} required error={err(`blocks[${i}].url`)} onChange={(e) => change(i, { url: e.target.value })} />
                        </>
                      )}
                      {b.type === 'form' && (
                        <>
                          <FormPicker id={`block-${b.uid}-form`} data-testid="block-form-id" label={t('builder.formId')} hint={t('builder.formHint')}
                            value={b.formId || null} required error={err(`blocks[${i}].formId`)}
                            onChange={(formId) => change(i, { formId: formId ?? 0 })} />
                          <TextField id={`block-${b.uid}-form-label`} data-testid="block-label" label={t('builder.formLabel')} value={b.label} maxLength={100} required error={err(`blocks[${i}].label`)} onChange={(e) => change(i, { label: e.target.value })} />
                        </>
                      )}
                    </BlockCard>
                  </li>
                ))}
              </ol>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                <ChoiceField id="landing-new-block" testId="landing-new-block" label={t('builder.addType')} value={newType}
                  options={LANDING_BLOCK_TYPES.map((bt) => ({ value: bt, label: t(`blockTypes.${bt}`) }))} onChange={(v) => setNewType(v as LandingBlockType)} />
                <Button variant="secondary" onClick={add} disabled={blocks.length >= MAX_LANDING_BLOCKS} data-testid="landing-add-block">{t('builder.add')}</Button>
                {blocks.length >= MAX_LANDING_BLOCKS && <span className="text-sm">{t('builder.maxBlocks', { n: digits(MAX_LANDING_BLOCKS) })}</span>}
              </div>
            </fieldset>

            <div className="flex gap-2">
              <Button type="submit" disabled={busy} data-testid="landing-save">{editingId ? t('common.save') : t('builder.create')}</Button>
              <Button variant="secondary" onClick={() => void navigate(LANDING_PAGES_PATH)}>{t('common.cancel')}</Button>
            </div>
          </form>

          <section className="mt-6 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="landing-publish">
            <h2 className="mb-2 text-sm font-semibold">{t('builder.publishTitle')}</h2>
            {!saved && <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="landing-save-first">{t('builder.saveFirst')}</p>}
            {saved && (
              <div className="grid gap-2">
                <p className="text-sm" data-testid="landing-publish-state" data-published={saved.isPublished}>
                  {saved.isPublished && publicAddress
                    ? <>{t('builder.publishedAt')}<a className="ms-1 text-sky-700 underline dark:text-sky-300" href={publicAddress} target="_blank" rel="noreferrer" dir="ltr" data-testid="landing-public-link">{publicAddress}</a></>
                    : t('builder.draft')}
                </p>
                {!saved.isPublished && address && !address.organizationName && <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="landing-need-address">{t('builder.needAddress')}</p>}
                {err('isPublished') && <p role="alert" className="text-sm text-red-700">{err('isPublished')}</p>}
                <div>
                  <Button variant={saved.isPublished ? 'secondary' : 'primary'} disabled={busy} onClick={() => void publish(!saved.isPublished)}
                    aria-pressed={saved.isPublished} data-testid="landing-publish-toggle">
                    {t(saved.isPublished ? 'builder.unpublish' : 'builder.publish')}
                  </Button>
                </div>
              </div>
            )}
          </section>

          {saved && <LandingVisits id={saved.id} />}
        </div>

        <aside aria-label={t('builder.preview')} className="lg:sticky lg:top-4 lg:self-start">
          <h2 className="mb-2 text-sm font-semibold">{t('builder.preview')}</h2>
          <div className="mx-auto h-[36rem] w-full max-w-sm overflow-y-auto rounded-2xl border-4 border-slate-300 dark:border-slate-600" data-testid="landing-preview-frame">
            {blocks.length === 0
              ? <p className="p-4 text-sm text-slate-600 dark:text-slate-300">{t('builder.previewEmpty')}</p>
              : <LandingPageView title={title} language={language} theme={theme} blocks={preview} preview data-testid="landing-preview" />}
          </div>
        </aside>
      </div>
    </section>
  );
}

function BlockCard({ index, count, title, onUp, onDown, onRemove, children }: {
  index: number; count: number; title: string; onUp(): void; onDown(): void; onRemove(): void; children: ReactNode;
}) {
  const { t } = useTranslation('landingPages');
  const digits = useDigits();
  const n = digits(index + 1);
  return (
    <fieldset className="grid gap-2 rounded border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <div className="flex flex-wrap justify-end gap-1">
        <Button size="sm" variant="ghost" onClick={onUp} disabled={index === 0} aria-label={t('builder.moveUp', { n })} data-testid="block-up">↑</Button>
        <Button size="sm" variant="ghost" onClick={onDown} disabled={index === count - 1} aria-label={t('builder.moveDown', { n })} data-testid="block-down">↓</Button>
        <Button size="sm" variant="danger" onClick={onRemove} aria-label={t('builder.remove', { n })} data-testid="block-remove">×</Button>
      </div>
      {children}
    </fieldset>
  );
}
