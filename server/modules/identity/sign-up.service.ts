import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import type { Clock } from '../../platform/clock.js';
import type { KeyValueStore } from '../../platform/kv.js';
import { UnitOfWork } from '../../platform/unit-of-work.js';
import type { RequestContext } from '../../platform/http/context.js';
import { AppError, badRequest, forbidden, type ValidationIssue } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { normalizeIranMobile } from '../../shared/sms/phone-numbers.js';
import { CustomerDomainsService, OrganizationsService } from '../organizations/index.js';
import { NotificationsService } from '../notifications/index.js';
import { UsersService } from './users.service.js';
import { UsersRepository } from './users.repository.js';
import type { signUpSchema } from './identity.schemas.js';

const HOUR_MS = 3_600_000;

/**
 * Self sign-up (CONTEXT.md, "Self sign-up"): only where the host's domain (or, on a host naming
 * none, the system setting) allows it; an organization of type `organization` directly under the
 * domain's organization and its administrator, in one transaction, through the same paths an
 * administrator's Create takes. The organization is inactive until an administrator above
 * activates it, so nobody sends on a sign-up alone.
 */
@injectable()
export class SignUpService {
  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustomerDomainsService) private readonly domains: CustomerDomainsService,
    @inject(OrganizationsService) private readonly organizations: OrganizationsService,
    @inject(UsersService) private readonly users: UsersService,
    @inject(UsersRepository) private readonly usersRepo: UsersRepository,
    @inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {}

  async signUp(ctx: RequestContext, body: SchemaType<typeof signUpSchema>): Promise<{ organizationId: number; userId: number; isActive: boolean }> {
    const parentId = await this.domains.signUpParentOfHost(ctx.host ?? '');
    if (parentId === null) throw forbidden('account.signUpClosed');
    await this.count(ctx.ip);
    // Every mistake the schema could not see, at once, before anything is written.
    const issues: ValidationIssue[] = [];
    const mobile = normalizeIranMobile(body.mobile);
    if (!mobile) issues.push({ propertyName: 'mobile', key: 'validation.mobile', params: { field: 'mobile' } });
    const password = this.users.passwordProblem(body.password);
    if (password) issues.push(password);
    if (issues.length) throw badRequest('status.400', {}, issues);
    return this.uow.run(async (tx) => {
      const org = await this.organizations.createForSignUp(tx, ctx, parentId, body.organizationName);
      const user = await this.users.createForSignUp(tx, ctx, org.id, {
        userName: body.userName, password: body.password, firstName: body.firstName.trim(), lastName: body.lastName.trim(), mobile: mobile as string,
      });
      for (const adminId of await this.usersRepo.adminIdsOf(tx, parentId)) {
        await this.notifications.notify(tx, {
          userId: adminId, organizationId: parentId, kind: 'SignUp', importance: 'normal',
          title: 'ثبت‌نام تازه / New sign-up',
          body: `«${org.name}» (${user.userName}) ثبت‌نام کرد و منتظر فعال‌سازی است. / "${org.name}" (${user.userName}) signed up and awaits activation.`,
        });
      }
      return { organizationId: org.id, userId: user.id, isActive: Boolean(org.isActive) };
    });
  }

  /**
   * A fixed hourly window per client address in the key-value store (shared by every web process
   * with Redis): each sign-up makes an organization, so a script cannot fill a reseller's tree.
   */
  private async count(ip: string): Promise<void> {
    const limit = this.config.auth.signUpsPerIpPerHour;
    if (limit <= 0) return;
    const now = this.clock.now().getTime();
    const index = Math.floor(now / HOUR_MS);
    const endsAt = (index + 1) * HOUR_MS;
    const ttl = endsAt - now + 1_000;
    if ((await this.kv.incr(`signup:rate:ip:${index}:${ip}`, ttl)) > limit) {
      const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
      throw new AppError(429, 'account.tooManySignUps', {}, [], { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
    }
  }
}
