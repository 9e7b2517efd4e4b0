import { inject, injectable } from 'inversify';
import { ExcelRequestsRepository, type ExcelRequestRow } from './excel-requests.repository.js';

/**
 * The workbook requests of background exports (the outbox's, and other modules' such as the
 * inbox's, told apart by `type`): one table, one file place and one daily clean-up, reached by other
 * modules through this service, never through the repository.
 */
@injectable()
export class ExcelRequestsService {
  constructor(@inject(ExcelRequestsRepository) private readonly repo: ExcelRequestsRepository) {}

  create(row: { organizationId: number; userId: number; type: string; filter: unknown; downloadKey: string }): Promise<ExcelRequestRow> {
    return this.repo.create(row);
  }

  find(id: number): Promise<ExcelRequestRow | null> {
    return this.repo.find(id);
  }

  listOf(userId: number, limit: number): Promise<ExcelRequestRow[]> {
    return this.repo.listOf(userId, limit);
  }

  update(id: number, patch: Parameters<ExcelRequestsRepository['update']>[1]): Promise<ExcelRequestRow | null> {
    return this.repo.update(id, patch);
  }
}
