import { endpoint } from '../../shared/api/endpoint';
import type { DynamicTemplateAnswer, DynamicTemplateChoice, DynamicTemplateListItem } from '../../../../server/shared/sends/dynamic-templates.answers';
import type { TemplateFormat } from '../../../../server/shared/text/template-placeholders';

export type DynamicTemplate = DynamicTemplateListItem;
export type { DynamicTemplateChoice, TemplateFormat };

export interface DynamicTemplateBody {
  title: string;
  customText: string;
  format: TemplateFormat;
}

/** `DynamicTemplates/*`: the spec's dynamic templates (customText, format). */
export const dynamicTemplatesApi = {
  list: endpoint.get<{ items: DynamicTemplate[]; totalCount: number }, { pageIndex: number; pageSize: number; search?: string }>('/DynamicTemplates/GetAll'),
  choices: endpoint.get<DynamicTemplateChoice[]>('/DynamicTemplates/GetSelectList'),
  create: endpoint.post<DynamicTemplateBody, DynamicTemplateAnswer>('/DynamicTemplates/Create'),
  update: endpoint.post<DynamicTemplateBody & { id: number }, DynamicTemplateAnswer>('/DynamicTemplates/Update'),
  remove: endpoint.deleteById<null>('/DynamicTemplates/Delete'),
};

export const dynamicTemplatesKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['dynamic-templates', pageIndex, pageSize, search] as const,
  choices: () => ['dynamic-template-choices'] as const,
};

export const DYNAMIC_TEMPLATES_PATH = '/sending/dynamic-templates';
