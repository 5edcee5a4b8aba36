/** A PostgreSQL URL without its password (for a command line), and the password for PGPASSWORD. */
export function postgresTarget(url: string): { url: string; env: Record<string, string> };
/** Copies the regular files and folders under `from` into `to` (links and anything else skipped); answers the files copied. */
export function copyFilesOnly(
  from: string,
  to: string,
  modes?: { dirMode: number; fileMode: number },
): number;
