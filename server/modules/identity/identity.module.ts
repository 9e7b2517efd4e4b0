import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import { OrganizationsService } from '../organizations/index.js';
import { UsersRepository } from './users.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { RolesRepository } from './roles.repository.js';
import { TokensService } from './tokens.service.js';
import { CaptchaService } from './captcha.service.js';
import { AuthService } from './auth.service.js';
import { UsersService } from './users.service.js';
import { RolesService } from './roles.service.js';
import { JwtAuthenticator } from './authenticator.js';
import { PrincipalCache } from './principal-cache.js';
import { ActorFactory } from './actor-factory.js';
import { PasswordHasher } from './password-hasher.service.js';
import { LoginGuard } from './login-guard.service.js';
import { SignUpService } from './sign-up.service.js';
import { accountController, captchaController, roleTemplatesController, rolesController, usersController } from './identity.routes.js';
import { identityMessages } from './identity.messages.js';

export const identityModule: PeykModule = {
  name: 'identity',
  messages: identityMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [
      UsersRepository, SessionsRepository, RolesRepository, TokensService, CaptchaService, AuthService, UsersService, RolesService, JwtAuthenticator, PrincipalCache, ActorFactory, PasswordHasher, LoginGuard, SignUpService,
    ];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    container.bind(TYPES.Authenticator).toService(JwtAuthenticator);
  },
  controllers: (container) => [
    accountController(container.get(AuthService), container.get(UsersService), container.get(SignUpService)),
    captchaController(container.get(CaptchaService)),
    usersController(container.get(UsersService)),
    rolesController(container.get(RolesService)),
    roleTemplatesController(container.get(RolesService)),
  ],
  async onStart(container: Container) {
    container.get(OrganizationsService).addLifecycleListener(container.get(UsersService));
  },
};
