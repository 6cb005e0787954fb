/**
 * Tables export to CSV (issue 12: "every table exports to CSV"). Semicolons would suit a German
 * Excel better, but commas with quoting are what every spreadsheet imports by choice of column
 * type; a BOM makes Excel read the UTF-8 names right.
 */
export function toCsv(header: string[], rows: (string | number | boolean | null)[][]): string {
  const cell = (value: string | number | boolean | null) => {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const text = value ?? '';
    // Quote when needed; a text starting with =, +, - or @ would be run as a formula by spreadsheets,
    // and so would one behind a leading tab or carriage return (Excel strips those first).
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
