export { approvalsModule } from './approvals.module.js';
export { managerOwnerFilter, isApprovalManager } from './approval-access.js';
export { tenantSlice, type SliceGuard, type SliceLookup, type SliceOptions } from './approval-slice.js';
export {
  ApprovalsService, ApprovalWorkflow,
  type ApprovalDecision, type ApprovalPatch, type ApprovalState, type ApprovalStatuses, type ApprovalSubject, type ApprovalTarget,
} from './approvals.service.js';
