import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import {
  IMPORT_CONTACT_COLUMNS, type ImportContactColumn, type PhonebookFileAnswer, type PhonebookFileDetailAnswer, type PhonebookFilesPage,
  type UploadedPhonebookFileAnswer,
} from '../../../../server/shared/contacts/contact-import.answers';

/** The server's phonebook file progress (PhonebookFiles/*, the server's answer contract) and the realtime event that updates it. */

/** The contact's own columns a file may fill, in the order the mapping lists them. */
export const CONTACT_COLUMNS = IMPORT_CONTACT_COLUMNS;
export type ContactColumn = ImportContactColumn;

export interface ColumnChoice {
  mapping: Partial<Record<ContactColumn, number>>;
  fields: Record<string, number>;
}

export type PhonebookFile = PhonebookFileAnswer;

/** An upload (or a Stored import reopened): the first rows as text and the server's guess of the columns. */
export type UploadedFile = UploadedPhonebookFileAnswer;

export const phonebookFilesApi = {
  list: endpoint.get<PhonebookFilesPage, { phonebookId: number; pageIndex: number; pageSize: number }>('/PhonebookFiles/GetAll'),
  /** A Stored import carries its preview and suggestion again. */
  get: endpoint.getById<PhonebookFileDetailAnswer>('/PhonebookFiles/Get'),
  start: endpoint.post<{ id: number; hasHeaderRow: boolean; updateExisting: boolean } & ColumnChoice, PhonebookFileAnswer>('/PhonebookFiles/Start'),
  delete: endpoint.deleteById<null>('/PhonebookFiles/Delete'),
};

/** Sends the file itself as the body (any type: the server judges the bytes), reporting the upload's progress in percent. */
export function uploadPhonebookFile(api: ApiClient, phonebookId: number, file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  return api.post<UploadedFile>('/PhonebookFiles/Upload', file, {
    query: { phonebookId, fileName: file.name.slice(0, 200) }, rawContentType: file.type || 'application/octet-stream', quiet: true,
    onUploadProgress: (loaded, total) => onProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
  });
}

export const PHONEBOOK_FILE_EVENT = 'phonebook-file-progress';

export const isRunning = (f: PhonebookFile): boolean => f.status === 'Waiting' || f.status === 'Extracting';
export const isFinished = (f: PhonebookFile): boolean => f.status === 'Completed' || f.status === 'Failed';

/** A `Get/:id` answer that carries the preview and the suggestion (a Stored import). */
export const isUploadedFile = (f: PhonebookFileDetailAnswer): f is UploadedFile => f.preview !== undefined && f.suggested !== undefined;

export function isPhonebookFile(value: unknown): value is PhonebookFile {
  const v = value as PhonebookFile | null;
  return !!v && typeof v === 'object' && typeof v.id === 'number' && typeof v.phonebookId === 'number' && typeof v.status === 'string';
}

/** A spreadsheet's column name: A … Z, AA …. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** What one column of the file is mapped to: a contact column, a custom field (`field:<id>`) or nothing (''). */
export function choiceOfColumn(choice: ColumnChoice, column: number): string {
  for (const c of CONTACT_COLUMNS) if (choice.mapping[c] === column) return c;
  for (const [id, index] of Object.entries(choice.fields)) if (index === column) return `field:${id}`;
  return '';
}

/** The choice with `column` mapped to `target` (taken from any column that had it before). */
export function chooseColumn(choice: ColumnChoice, column: number, target: string): ColumnChoice {
  const mapping = { ...choice.mapping };
  const fields = { ...choice.fields };
  for (const c of CONTACT_COLUMNS) if (mapping[c] === column) delete mapping[c];
  for (const [id, index] of Object.entries(fields)) if (index === column) delete fields[id];
  if (target.startsWith('field:')) fields[target.slice(6)] = column;
  else if (target) mapping[target as ContactColumn] = column;
  return { mapping, fields };
}
