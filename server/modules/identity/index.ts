export { identityModule } from './identity.module.js';
export { UsersService } from './users.service.js';
export { JwtAuthenticator } from './authenticator.js';
export { CLAIM_SECTIONS, ALL_CLAIMS } from './claim-catalogue.js';
export { PasswordHasher } from './password-hasher.service.js';
export { ActorFactory, type ActorResult, type ActorTrace } from './actor-factory.js';
