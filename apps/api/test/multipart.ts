/** Builds a multipart/form-data body the way the web app sends it: JSON in `data`, one file. */
export function multipartForm(fields: Record<string, string>, file?: { field: string; name: string; content: Buffer; type?: string }) {
  const boundary = '----casebridge-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The JSON `data` field with an optional image or document. */
export function dataForm(data: object, file?: { field: string; name: string; content: Buffer; type?: string }) {
  return multipartForm({ data: JSON.stringify(data) }, file);
}

export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
