/** Returns the first bad site setting as one line, or null. */
export function checkSiteEnv(env: Record<string, string | undefined>): string | null;
