import type { Core } from '@strapi/strapi';
import {
  COMMON_LIST_LABELS,
  COMPONENT_EDIT_VIEWS,
  CONTENT_TYPE_EDIT_VIEWS,
  type EditViewWords,
} from './panel-edit-view-words';

type LayoutField = { name: string; size: number };
interface ViewConfiguration {
  settings: Record<string, unknown>;
  metadatas: Record<string, { edit: Record<string, unknown>; list: Record<string, unknown> }>;
  layouts: { list: string[]; edit: LayoutField[][] };
}
/** A content type or component as the content manager's services find it: only its attributes are read here. */
interface Model {
  attributes: Record<string, { type: string }>;
}
// The content manager's services as used here (Strapi types every service as an untyped record).
interface ConfigurationService {
  findConfiguration(model: unknown): Promise<ViewConfiguration>;
  updateConfiguration(model: unknown, configuration: Partial<ViewConfiguration>): Promise<unknown>;
}

// The panel refuses to resize these: any other size makes Strapi move the field to the end at the next start.
const FULL_WIDTH_TYPES = new Set(['component', 'dynamiczone', 'json', 'richtext', 'blocks']);
const ROW_WIDTH = 12;

/**
 * Sets labels, help texts, field order and list columns of the panel's edit views from code at
 * every start, so every install shows marketing staff the same readable forms. Strapi has already
 * synchronised each stored configuration with its schema by now; this rewrites only our parts and
 * keeps any field we do not name (and what Strapi stores beside them) where it was.
 */
export async function ensurePanelEditViews(strapi: Core.Strapi): Promise<void> {
  const contentManager = strapi.plugin('content-manager');
  const contentTypes = contentManager.service('content-types') as ConfigurationService & {
    findContentType(uid: string): Model | undefined;
  };
  const components = contentManager.service('components') as ConfigurationService & {
    findComponent(uid: string): Model | undefined;
  };

  for (const [uid, words] of Object.entries(CONTENT_TYPE_EDIT_VIEWS)) {
    await applyEditView(contentTypes, contentTypes.findContentType(uid), words, uid);
  }
  for (const [uid, words] of Object.entries(COMPONENT_EDIT_VIEWS)) {
    await applyEditView(components, components.findComponent(uid), words, uid);
  }
}

async function applyEditView(
  service: ConfigurationService,
  model: Model | undefined,
  words: EditViewWords,
  uid: string,
) {
  if (!model) throw new Error(`panel edit views: no content type or component ${uid}`);
  const current = await service.findConfiguration(model);
  await service.updateConfiguration(model, {
    settings: settingsFor(current.settings, words),
    metadatas: metadatasFor(current.metadatas, words),
    layouts: {
      list: words.listColumns ?? current.layouts.list,
      edit: editLayoutFor(model, current.layouts.edit, words),
    },
  });
}

function settingsFor(current: ViewConfiguration['settings'], words: EditViewWords) {
  return {
    ...current,
    ...(words.mainField ? { mainField: words.mainField } : {}),
    ...(words.sortBy ? { defaultSortBy: words.sortBy.field, defaultSortOrder: words.sortBy.order } : {}),
  };
}

function metadatasFor(current: ViewConfiguration['metadatas'], words: EditViewWords) {
  const metadatas = structuredClone(current);
  for (const [name, label] of Object.entries(COMMON_LIST_LABELS)) {
    if (metadatas[name]) metadatas[name].list = { ...metadatas[name].list, label };
  }
  for (const [name, field] of Object.entries(words.fields)) {
    const meta = metadatas[name];
    if (!meta) throw new Error(`panel edit views: ${name} is not a field of this type`);
    meta.edit = {
      ...meta.edit,
      label: field.label,
      description: field.description,
      placeholder: field.placeholder ?? '',
    };
    meta.list = { ...meta.list, label: field.label };
  }
  return metadatas;
}

/** Our rows first, in our order (back if someone removed one); then every other field Strapi had in the layout, as it was. */
function editLayoutFor(model: Model, current: LayoutField[][], words: EditViewWords): LayoutField[][] {
  const placed = new Set<string>();
  const rows: LayoutField[][] = [];
  for (const row of words.rows) {
    const unknown = row.find((name) => !model.attributes[name]);
    if (unknown) throw new Error(`panel edit views: ${unknown} is not a field of this type`);
    const fullWidth = row.filter((name) => FULL_WIDTH_TYPES.has(model.attributes[name].type));
    const shared = row.filter((name) => !fullWidth.includes(name));
    if (shared.length > 0)
      rows.push(shared.map((name) => ({ name, size: Math.floor(ROW_WIDTH / shared.length) })));
    for (const name of fullWidth) rows.push([{ name, size: ROW_WIDTH }]);
    row.forEach((name) => placed.add(name));
  }
  for (const row of current) {
    const rest = row.filter((field) => !placed.has(field.name));
    if (rest.length > 0) rows.push(rest);
  }
  return rows;
}
