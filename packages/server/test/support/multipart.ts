/** multipart/form-data bodies: a FormData for the typed client, or its encoded bytes for app.inject. */
export type FilePart = { name: string; bytes: Buffer; filename?: string; type?: string };

/** The platform's FormData of the fields and files, as a browser's form would hold them. */
export function formData(fields: Record<string, string>, files: FilePart[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'upload.bin');
  }
  return form;
}

export async function multipart(fields: Record<string, string>, files: FilePart[] = []): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const request = new Request('http://localhost/', { method: 'POST', body: formData(fields, files) });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
