export const SECRET_NAMES: readonly string[];
/** Fresh random values for every Strapi secret. */
export function generateSecrets(): Record<string, string>;
/** Parses KEY=VALUE lines. */
export function parseEnvFile(text: string): Record<string, string>;
/** Returns the first bad cms setting as one line, or null. */
export function checkEnv(env: Record<string, string | undefined>): string | null;
/** Each Strapi secret (and APP_KEYS entry) must be at least this many bytes in production. */
export const MIN_SECRET_BYTES: number;
/** Lines to print loudly before a start that is allowed but unsafe (DEMO_DATA=true in production). */
export function warningsFor(env: Record<string, string | undefined>): string[];
