import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@portal/shared/wallet';

export const IMAGE_ACCEPT = UPLOAD_TYPES.join(',');
const EXTENSIONS = /\.(png|jpe?g)$/i;

/** Why the server would refuse this receipt or proof: not a png or jpg, or larger than 5 MB. */
export function imageProblem(file: File): 'type' | 'size' | null {
  // Some phones report no type for a picture; the name's extension decides then.
  const typeOk = file.type ? (UPLOAD_TYPES as readonly string[]).includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}

export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
