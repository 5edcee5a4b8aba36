import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from './constants.js';
import { MESSAGES } from './messages.js';

export interface ImageFileFacts {
  name?: string | null;
  type?: string | null;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

// Checked in the browser before upload and again by the cms; the message is the MESSAGES text for
// the problem, or null.
export function imageFileProblem(file: ImageFileFacts): string | null {
  const type = (file.type ?? '').toLowerCase();
  const typeOk = type ? (IMAGE_MIME_TYPES as readonly string[]).includes(type) : false;
  const extension = file.name ? extensionOf(file.name) : '';
  const extensionOk = extension ? (IMAGE_EXTENSIONS as readonly string[]).includes(extension) : !file.name;
  if (!typeOk || !extensionOk) return MESSAGES.invalidFileType;
  if (file.size > IMAGE_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
}
