/** Injection tokens of platform services; modules declare their own in their module folder. */
export const TYPES = {
  Config: Symbol.for('peyk.Config'),
  Knex: Symbol.for('peyk.Knex'),
  DatabaseKind: Symbol.for('peyk.DatabaseKind'),
  UnitOfWork: Symbol.for('peyk.UnitOfWork'),
  KeyValueStore: Symbol.for('peyk.KeyValueStore'),
  QueueFactory: Symbol.for('peyk.QueueFactory'),
  Logger: Symbol.for('peyk.Logger'),
  Translator: Symbol.for('peyk.Translator'),
  Clock: Symbol.for('peyk.Clock'),
  Authenticator: Symbol.for('peyk.Authenticator'),
  Realtime: Symbol.for('peyk.Realtime'),
  Controllers: Symbol.for('peyk.Controllers'),
  ConfirmationGuard: Symbol.for('peyk.ConfirmationGuard'),
  AuthEpoch: Symbol.for('peyk.AuthEpoch'),
  Settings: Symbol.for('peyk.Settings'),
  ClusterSignals: Symbol.for('peyk.ClusterSignals'),
} as const;
