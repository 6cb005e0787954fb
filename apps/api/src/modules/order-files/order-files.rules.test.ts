import { describe, expect, it } from 'vitest';
import { binaryStl } from '../../../test/orders.ts';
import { checkDocument } from './order-files.rules.ts';
import { zipPaths } from './order-files.service.ts';

describe('document type checks', () => {
  it('accepts real dental and office files by their content', () => {
    expect(checkDocument('jaw.stl', binaryStl())).toEqual({ ok: true, fileType: 'stl' });
    expect(checkDocument('jaw.STL', Buffer.from('solid jaw\nfacet normal 0 0 1\n'))).toEqual({ ok: true, fileType: 'stl' });
    expect(checkDocument('scan.ply', Buffer.from('ply\nformat binary_little_endian 1.0\n'))).toMatchObject({ ok: true });
    expect(checkDocument('case.3oxz', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toMatchObject({ ok: true });
    expect(checkDocument('order.pdf', Buffer.from('%PDF-1.7'))).toMatchObject({ ok: true });
    expect(checkDocument('Case.dentalProject', Buffer.from('<?xml version="1.0"?><DentalProject/>'))).toMatchObject({ ok: true });
  });

  it('refuses unknown extensions and content that does not match the name', () => {
    expect(checkDocument('run.exe', Buffer.from('MZ'))).toEqual({ ok: false, reason: 'extension' });
    expect(checkDocument('noextension', Buffer.from('x'))).toEqual({ ok: false, reason: 'extension' });
    expect(checkDocument('scan.ply', binaryStl())).toEqual({ ok: false, reason: 'content' });
    expect(checkDocument('photo.png', Buffer.from('<svg onload=alert(1)>'))).toEqual({ ok: false, reason: 'content' });
    expect(checkDocument('model.obj', Buffer.from('<!doctype html><script>'))).toEqual({ ok: false, reason: 'content' });
    expect(checkDocument('case.hdproj', Buffer.from('<html><body>'))).toEqual({ ok: false, reason: 'content' });
    expect(checkDocument('archive.zip', Buffer.from('not a zip'))).toEqual({ ok: false, reason: 'content' });
  });
});

describe('ZIP entry names', () => {
  const file = (name: string, projectName = 'Order', componentName = 'Crown') => ({ row: { name } as never, projectName, componentName });

  it('cannot climb out of the archive and never collide', () => {
    const paths = zipPaths([file('../../etc/passwd', '../..', 'a/b'), file('x.stl'), file('x.stl'), file('x.stl')], 'hierarchical');
    expect(paths[0]).toBe('.._../a_b/.._.._etc_passwd');
    expect(paths.slice(1)).toEqual(['Order/Crown/x.stl', 'Order/Crown/x (2).stl', 'Order/Crown/x (3).stl']);
    expect(zipPaths([file('a.stl'), file('a.stl', 'Other')], 'flat')).toEqual(['a.stl', 'a (2).stl']);
  });
});
