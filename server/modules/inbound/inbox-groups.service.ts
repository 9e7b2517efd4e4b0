import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { OutboundUrlGuard } from '../../platform/outbound/outbound-url-guard.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import { InboxGroupsRepository, type InboxGroupRow, type InboxRuleFields, type InboxRuleRow } from './inbox-groups.repository.js';
import type { inboxRuleSchema } from './inbox.schemas.js';

export function publicInboxGroup(g: InboxGroupRow) {
  return { id: g.id, name: g.name, messageCount: g.messageCount ?? 0, createdAt: g.createdAt };
}

export function publicInboxRule(r: InboxRuleRow) {
  const { organizationId: _o, userId: _u, ...rest } = r;
  return rest;
}

type RuleInput = SchemaType<typeof inboxRuleSchema>;

const blank = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * Inbox groups and inbox rules of the caller's active organization. Everyone who reads the inbox
 * lists the groups (to filter by them); groups and rules are written by the organization's
 * administrators only: a rule forwards every matching message, priced to its author.
 */
@injectable()
export class InboxGroupsService {
  constructor(
    @inject(InboxGroupsRepository) private readonly repo: InboxGroupsRepository,
    @inject(OutboundUrlGuard) private readonly guard: OutboundUrlGuard,
  ) {}

  private manager(ctx: Actor): number {
    const p = ctx.principal;
    if (!(p.isAdmin || p.scope === 'superAdmin' || p.scope === 'reseller')) throw forbidden();
    return ctx.tenant.organizationId;
  }

  async groups(ctx: Actor) {
    return (await this.repo.listGroups(ctx.tenant.organizationId)).map(publicInboxGroup);
  }

  private async uniqueName(organizationId: number, name: string, exceptId?: number): Promise<string> {
    const trimmed = name.trim();
    if (trimmed === '') throw fieldError('name', 'validation.required', { field: 'name' });
    if (await this.repo.groupNamed(organizationId, trimmed, exceptId)) throw fieldError('name', 'inbox.groupNameTaken');
    return trimmed;
  }

  async createGroup(ctx: Actor, name: string) {
    const organizationId = this.manager(ctx);
    return publicInboxGroup(await this.repo.insertGroup(organizationId, await this.uniqueName(organizationId, name)));
  }

  async updateGroup(ctx: Actor, id: number, name: string) {
    const organizationId = this.manager(ctx);
    if (!(await this.repo.findGroup(organizationId, id))) throw notFound('inbox.groupNotFound');
    const row = await this.repo.renameGroup(organizationId, id, await this.uniqueName(organizationId, name, id));
    if (!row) throw notFound('inbox.groupNotFound');
    return publicInboxGroup(row);
  }

  async deleteGroup(ctx: Actor, id: number) {
    if (!(await this.repo.deleteGroup(this.manager(ctx), id))) throw notFound('inbox.groupNotFound');
    return null;
  }

  async rules(ctx: Actor) {
    return (await this.repo.listRules(this.manager(ctx))).map(publicInboxRule);
  }

  async createRule(ctx: Actor, input: RuleInput) {
    const organizationId = this.manager(ctx);
    const id = await this.repo.insertRule(organizationId, ctx.principal.userId, await this.checked(organizationId, input));
    return publicInboxRule((await this.repo.findRule(organizationId, id)) as InboxRuleRow);
  }

  async updateRule(ctx: Actor, id: number, input: RuleInput) {
    const organizationId = this.manager(ctx);
    if (!(await this.repo.findRule(organizationId, id))) throw notFound('inbox.ruleNotFound');
    await this.repo.updateRule(organizationId, id, await this.checked(organizationId, input));
    return publicInboxRule((await this.repo.findRule(organizationId, id)) as InboxRuleRow);
  }

  async deleteRule(ctx: Actor, id: number) {
    if (!(await this.repo.deleteRule(this.manager(ctx), id))) throw notFound('inbox.ruleNotFound');
    return null;
  }

  /**
   * A rule needs a condition and something to do; the line and the group must be the
   * organization's; a forward URL must pass the spec's rule (http or https) and the outbound guard;
   * a forward to a mobile must be a mobile (it is sent from the line the message came to);
   * a forward to an email needs an Email sender agent to go through.
   */
  private async checked(organizationId: number, input: RuleInput): Promise<InboxRuleFields> {
    const keyword = blank(input.keyword);
    const fields: InboxRuleFields = {
      title: input.title.trim(),
      priority: input.priority ?? 0,
      isActive: input.isActive ?? true,
      privateNumberId: input.privateNumberId ?? null,
      senderMobile: blank(input.senderMobile),
      keywordType: keyword ? input.keywordType ?? 'Contains' : null,
      keyword,
      inboxGroupId: input.inboxGroupId ?? null,
      forwardUrl: blank(input.forwardUrl),
      forwardEmail: blank(input.forwardEmail),
      forwardMobile: blank(input.forwardMobile),
    };
    if (fields.title === '') throw fieldError('title', 'validation.required', { field: 'title' });
    if (fields.privateNumberId === null && fields.senderMobile === null && fields.keyword === null) throw fieldError('keyword', 'inbox.ruleNeedsCondition');
    if (fields.inboxGroupId === null && !fields.forwardUrl && !fields.forwardEmail && !fields.forwardMobile) throw fieldError('inboxGroupId', 'inbox.ruleNeedsAction');
    if (fields.privateNumberId !== null && !(await this.repo.lineOf(organizationId, fields.privateNumberId))) throw fieldError('privateNumberId', 'inbox.ruleLineNotFound');
    if (fields.inboxGroupId !== null && !(await this.repo.findGroup(organizationId, fields.inboxGroupId))) throw fieldError('inboxGroupId', 'inbox.groupNotFound');
    if (fields.forwardUrl) {
      const refusal = await this.guard.refusal(fields.forwardUrl);
      if (refusal === 'scheme' || refusal === 'malformed') throw fieldError('forwardUrl', 'inbox.forwardUrlInvalid');
      if (refusal !== null) throw fieldError('forwardUrl', 'inbox.forwardUrlNotAllowed');
    }
    if (fields.forwardMobile) {
      const mobile = normalizeMobile(fields.forwardMobile);
      if (!mobile) throw fieldError('forwardMobile', 'inbox.forwardMobileInvalid');
      fields.forwardMobile = mobile.number;
    }
    if (fields.forwardEmail && !(await this.repo.emailAgentFor(organizationId))) throw fieldError('forwardEmail', 'inbox.forwardEmailNoAgent');
    return fields;
  }
}
