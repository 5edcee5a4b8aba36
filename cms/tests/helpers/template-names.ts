// Where a `vitest run`'s template database lives, by the run's process id (its threads share it):
// helpers/strapi.ts makes it, tests/global-setup.ts removes it. One naming for both.
import path from 'node:path';

export type TemplateClient = 'sqlite' | 'postgres';

/** The PostgreSQL database of the run `pid`'s template. */
export const templateDatabase = (pid: number) => `fie_tpl_${pid}`;

/** The folder (in the temporary folder `tmp`) of the run `pid`'s template: its SQLite file and markers. */
export const templateFolder = (tmp: string, pid: number, client: TemplateClient) =>
  path.join(tmp, `${templateDatabase(pid)}_${client}`);

/** The run whose template `name` is (a database or a folder's name), or undefined if it is none. */
export function templateRun(name: string): number | undefined {
  const m = /^fie_tpl_(\d+)(?:_(?:sqlite|postgres))?$/.exec(name);
  return m ? Number(m[1]) : undefined;
}
