import { DOCUMENT_EXTENSIONS, extensionOf, isAcceptedDocument } from '@casebridge/shared/constants/orders';

export interface PickedFile {
  key: string;
  file: File;
  /** The folder path when chosen with a folder, else the name. */
  displayName: string;
  /** Set when the file cannot be sent; it stays listed with this reason and is not uploaded. */
  rejected: { extension: string } | null;
}

let nextKey = 0;

export function pickFiles(files: File[]): PickedFile[] {
  return files.map((file) => {
    nextKey += 1;
    const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
    return {
      key: `f${nextKey}`,
      file,
      displayName: relative || file.name,
      rejected: isAcceptedDocument(file.name) ? null : { extension: extensionOf(file.name) },
    };
  });
}

/** The `accept` attribute of the file inputs: only what the server takes. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    const fileEntry = entry as FileSystemFileEntry;
    return [await new Promise<File>((resolve, reject) => fileEntry.file(resolve, reject))];
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    const all: File[] = [];
    // readEntries answers in batches until it answers an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) all.push(...(await filesOfEntry(child)));
    }
    return all;
  }
  return [];
}

/** Files dropped onto a zone, folders included where the browser exposes them. */
export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  // Entries must be taken while the drop event runs; the awaits come after.
  const entries = Array.from(data.items)
    .map((item) => (typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return Array.from(data.files);
  const nested = await Promise.all(entries.map(filesOfEntry));
  return nested.flat();
}
