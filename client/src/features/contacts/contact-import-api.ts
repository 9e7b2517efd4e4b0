/** The server's phonebook file progress (PhonebookFiles/*) and the realtime event that updates it. */

export type PhonebookFileStatus = 'Stored' | 'Waiting' | 'Extracting' | 'Completed' | 'Failed';

/** The contact's own columns a file may fill, in the order the mapping lists them. */
export const CONTACT_COLUMNS = ['cellphone', 'firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'address', 'phonebookGroup'] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export interface ColumnChoice {
  mapping: Partial<Record<ContactColumn, number>>;
  fields: Record<string, number>;
}

export interface PhonebookFile {
  id: number;
  phonebookId: number;
  phonebookName: string;
  userId: number;
  fileName: string;
  status: PhonebookFileStatus;
  progressPercent: number;
  totalCount: number | null;
  processedCount: number;
  addedCount: number;
  updatedCount: number;
  duplicateCount: number;
  existingCount: number;
  rejectedCount: number;
  format: 'xlsx' | 'csv';
  sizeBytes: number;
  columnCount: number;
  hasHeaderRow: boolean;
  updateExisting: boolean;
  failedReason: string | null;
  /** `/api/PhonebookFiles/RejectedFile/<token>` when rows were rejected; the browser downloads it itself. */
  rejectedFileUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** An upload (or a Stored import reopened): the first rows as text and the server's guess of the columns. */
export interface UploadedFile extends PhonebookFile {
  preview: string[][];
  suggested: ColumnChoice & { hasHeaderRow: boolean };
}

export const PHONEBOOK_FILE_EVENT = 'phonebook-file-progress';

export const isRunning = (f: PhonebookFile): boolean => f.status === 'Waiting' || f.status === 'Extracting';
export const isFinished = (f: PhonebookFile): boolean => f.status === 'Completed' || f.status === 'Failed';

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
