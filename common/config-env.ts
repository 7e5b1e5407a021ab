/**
 * The variables settings are read from: import.meta.env in the web app's build, process.env on the
 * server. Both sides read a variable the same way.
 */
export type ConfigEnv = Readonly<Record<string, string | boolean | undefined>>;

/** A variable's value, trimmed; empty when unset. */
export function configText(env: ConfigEnv, name: string): string {
  const value = env[name];
  return typeof value === 'string' ? value.trim() : '';
}
