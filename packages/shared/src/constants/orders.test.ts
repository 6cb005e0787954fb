import { describe, expect, it } from 'vitest';
import { extensionOf, isAcceptedDocument } from './orders.ts';

describe('file names', () => {
  it('takes the part after the last dot, lower-cased', () => {
    expect(extensionOf('Upper Jaw.STL')).toBe('stl');
    expect(extensionOf('case.backup.hdprojz')).toBe('hdprojz');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('accepts the document kinds a lab may send, whatever the case of the name', () => {
    expect(isAcceptedDocument('crown.Stl')).toBe(true);
    expect(isAcceptedDocument('order.dentalProject')).toBe(true);
    expect(isAcceptedDocument('notes.txt')).toBe(false);
    expect(isAcceptedDocument('stl')).toBe(false);
    expect(isAcceptedDocument('page.html.pdf.exe')).toBe(false);
  });
});
