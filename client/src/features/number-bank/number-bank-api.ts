import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type { BankImport, Zone } from '../../../../server/shared/targeting/number-bank.answers';

/** Shapes of `NumberBank/*` and `Zones/*` (server module targeting, the server's answer contracts). */
export type { BankImport, Zone };

export const numberBankApi = {
  imports: endpoint.get<{ items: BankImport[]; totalCount: number }, { pageIndex: number; pageSize: number }>('/NumberBank/Imports'),
  zoneTree: endpoint.get<{ items: Zone[] }>('/Zones/GetTree'),
};

export const numberBankKeys = {
  imports: () => ['number-bank-imports'] as const,
  zones: () => ['number-bank-zones'] as const,
};

/** Sends the file itself as the body (the server judges its bytes), reporting the upload's own progress in percent. */
export function uploadBankFile(api: ApiClient, file: File, onProgress: (percent: number) => void): Promise<BankImport> {
  return api.post<BankImport>('/NumberBank/Import', file, {
    query: { fileName: file.name.slice(0, 200) }, rawContentType: file.type || 'application/octet-stream', quiet: true,
    onUploadProgress: (loaded, total) => onProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
  });
}

/** The server's push after every committed batch and at the end (`number-bank-import-progress`). */
export const BANK_IMPORT_EVENT = 'number-bank-import-progress';

export function isBankImport(value: unknown): value is BankImport {
  const v = value as BankImport | null;
  return !!v && typeof v === 'object' && typeof v.id === 'number' && typeof v.status === 'string' && typeof v.progressPercent === 'number';
}

export const NUMBER_BANK_PATH = '/targeting/number-bank';
