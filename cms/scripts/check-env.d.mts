export const SECRET_NAMES: readonly string[];
/** Fresh random values for every Strapi secret. */
export function generateSecrets(): Record<string, string>;
/** Parses KEY=VALUE lines. */
export function parseEnvFile(text: string): Record<string, string>;
/** Returns the first bad cms setting as one line, or null. */
export function checkEnv(env: Record<string, string | undefined>): string | null;
