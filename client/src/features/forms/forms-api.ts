import { endpoint } from '../../shared/api/endpoint';
import type { ApiClient } from '../../shared/api/api-client';
import type {
  FormAnswer, FormDetailAnswer, FormFieldAnswer, FormsPageAnswer, FormSubmissionsPageAnswer, PublicFormAnswer, PublicSubmitAnswer, PublicUploadAnswer,
} from '../../../../server/shared/engage/forms.answers';
import type { FormContactField, FormFieldType, FormFieldValues, FormTheme } from '../../../../server/shared/engage/form-fields';

/** Shapes of `Forms/*` and `PublicForms/*`: the server's answer contracts (module engage, "Forms"). */
export type Form = FormAnswer;
export type FormDetail = FormDetailAnswer;
export type FormField = FormFieldAnswer;
export type PublicForm = PublicFormAnswer;
export type { FormContactField, FormFieldType, FormTheme };

export interface FormInput {
  title: string;
  description: string | null;
  theme: FormTheme;
  phonebookId: number | null;
  privateNumberId: number | null;
  dynamicTemplateId: number | null;
  thankYouSmsText: string | null;
  thankYouText: string | null;
}

/** A field as the builder sends it: the shared shape the server stores. */
export type FieldInput = FormFieldValues;

export const formsApi = {
  list: endpoint.get<FormsPageAnswer, { pageIndex: number; pageSize: number; search?: string }>('/Forms/GetAll'),
  get: endpoint.getById<FormDetail>('/Forms/Get'),
  create: endpoint.post<FormInput, FormDetail>('/Forms/Create'),
  update: endpoint.post<FormInput & { id: number }, FormDetail>('/Forms/Update'),
  publish: endpoint.post<{ id: number; isPublished: boolean }, FormDetail>('/Forms/Publish'),
  delete: endpoint.deleteById<{ id: number }>('/Forms/Delete'),
  createField: endpoint.post<FieldInput & { formId: number }, FormField[]>('/Forms/CreateField'),
  updateField: endpoint.post<FieldInput & { id: number }, FormField[]>('/Forms/UpdateField'),
  deleteField: endpoint.deleteById<FormField[]>('/Forms/DeleteField'),
  reorder: endpoint.post<{ formId: number; fieldIds: number[] }, FormField[]>('/Forms/ReorderFields'),
  answers: endpoint.get<FormSubmissionsPageAnswer, { formId: number; pageIndex: number; pageSize: number }>('/Forms/GetAnswers'),
  /** The answers' xlsx, as a file. */
  exportAnswers: (api: ApiClient, id: number) => api.get<Blob>(`/Forms/ExportAnswers/${id}`, { responseType: 'blob' }),
  /** A file a visitor uploaded with an answer, as a file. */
  answerFile: (api: ApiClient, answerId: string, fieldId: number) => api.get<Blob>('/Forms/AnswerFile', { query: { answerId, fieldId }, responseType: 'blob' }),
};

export const publicFormsApi = {
  get: endpoint.getById<PublicForm>('/PublicForms/Get'),
  submit: endpoint.post<{ formId: number; submissionKey: string; values: Record<string, string | number | boolean | null>; sl: string | null }, PublicSubmitAnswer>('/PublicForms/Submit'),
  upload: (api: ApiClient, formId: number, fieldId: number, file: File) => api.post<PublicUploadAnswer>(`/PublicForms/Upload/${formId}`, file, {
    query: { fieldId, fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
  }),
};

export const formsKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['forms', pageIndex, pageSize, search] as const,
  one: (id: number) => ['form', id] as const,
  answers: (id: number, pageIndex: number, pageSize: number) => ['form-answers', id, pageIndex, pageSize] as const,
  isFormKey: (key: unknown) => Array.isArray(key) && (key[0] === 'forms' || key[0] === 'form' || key[0] === 'form-answers'),
  phonebooks: () => ['form-phonebooks'] as const,
  templates: () => ['form-templates'] as const,
  customFields: (phonebookId: number | null) => ['form-custom-fields', phonebookId] as const,
  publicForm: (id: number) => ['public-form', id] as const,
};

export const FORMS_PATH = '/forms';
export const formPath = (id: number | 'new') => `${FORMS_PATH}/${id}`;
/** The outer route a visitor opens (no sign-in). */
export const publicFormPath = (id: number) => `/form/${id}`;

/** The theme colours as the public page and the preview paint them (accent, soft background). */
export const THEME_COLOURS: Record<FormTheme, { accent: string; soft: string }> = {
  default: { accent: '#0f766e', soft: '#f0fdfa' },
  blue: { accent: '#1d4ed8', soft: '#eff6ff' },
  green: { accent: '#15803d', soft: '#f0fdf4' },
  yellow: { accent: '#a16207', soft: '#fefce8' },
  red: { accent: '#b91c1c', soft: '#fef2f2' },
  purple: { accent: '#7e22ce', soft: '#faf5ff' },
  orange: { accent: '#c2410c', soft: '#fff7ed' },
  pink: { accent: '#be185d', soft: '#fdf2f8' },
  gray: { accent: '#374151', soft: '#f9fafb' },
};
