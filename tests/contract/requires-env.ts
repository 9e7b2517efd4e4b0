/**
 * For a `before` hook: skips the whole suite, saying why, when an environment variable is unset.
 * Returns the variable's value otherwise.
 */
export function requireEnv(context: Mocha.Context, variable: string, what: string): string {
  const value = process.env[variable];
  if (!value) {
    console.log(`      skipped: ${what} needs ${variable} (e.g. ${variable}=${example(variable)})`);
    context.skip();
  }
  return value;
}

function example(variable: string): string {
  if (variable === 'REDIS_URL') return 'redis://127.0.0.1:6379';
  if (variable === 'DATABASE_URL') return 'postgres://postgres@127.0.0.1:5432/test';
  return '...';
}
