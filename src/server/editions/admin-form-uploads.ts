/** Admin forms that carry files: the posted form read within a size limit, and a file field's text. */

export type AdminFormRead = { ok: true; form: FormData } | { ok: false; message: string };

/** Reads a posted form, refusing bodies larger than maxBytes before reading them. */
export async function readAdminForm(request: Request, maxBytes: number): Promise<AdminFormRead> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes + 64 * 1024) return { ok: false, message: `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` };
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, message: 'The form could not be read. Please try again.' };
  }
}

/** A file field's text: the text, or a message (no file, too large, not UTF-8). */
export async function readUploadedText(
  form: FormData,
  name: string,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: 'Choose a file to import.' };
  if (file.size > maxBytes) return { ok: false, message: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    return { ok: false, message: 'The file is not UTF-8 text. Save it as UTF-8 (in spreadsheets: “CSV UTF-8”) and try again.' };
  }
}
