/** Folder names under src/plugins: one plugin each. */
export function pluginFolders(cmsDir?: string): string[];
/** config/plugins.ts evaluated the way Strapi does. */
export function declaredPlugins(cmsDir?: string): Record<string, any>;
/** What would make Strapi skip or fail each plugin, as lines "plugin <name>: <problem>". */
export function pluginProblems(cmsDir?: string, declared?: Record<string, any>): string[];
