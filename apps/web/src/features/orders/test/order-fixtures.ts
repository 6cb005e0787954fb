import type { ComponentDetail, DraftOrder } from '@casebridge/shared/schemas/orders';

export function componentFixture(overrides: Partial<ComponentDetail> = {}): ComponentDetail {
  return {
    id: 400,
    name: 'Bridge',
    displayName: 'Bridge',
    status: 'Open',
    comment: '',
    documents: [{ id: 9001, name: 'upper-jaw.stl', size: 2048, sha256: 'x', fileType: 'model/stl', createdAt: '2025-03-01T09:06:00.000Z' }],
    downloads: [
      { id: 9002, name: 'milled.pdf', size: 1024, sha256: 'y', fileType: 'application/pdf', createdAt: '2025-03-02T10:00:00.000Z' },
    ],
    messages: [
      {
        id: 1,
        projectId: 40,
        componentId: 400,
        message: 'Please check the margin.',
        created_at: '2025-03-01T10:00:00.000Z',
        read: true,
        readAt: null,
        author: { id: 21, firstName: 'Lena', lastName: 'Lab', avatar: null, role: 'lab', millRole: null },
        companyName: 'Demo Lab',
      },
      {
        id: 2,
        projectId: 40,
        componentId: 400,
        message: 'Margin looks fine.',
        created_at: '2025-03-01T11:00:00.000Z',
        read: true,
        readAt: null,
        author: { id: 1, firstName: 'Ada', lastName: 'Lovelace', avatar: null, role: 'mill', millRole: 'admin' },
        companyName: 'Alpine Milling',
      },
    ],
    project: {
      id: 40,
      name: 'Bridge 14-16',
      isDeleted: false,
      created_at: '2025-03-01T09:05:00.000Z',
      millId: 7,
      labId: 5,
      client: { id: 5, name: 'Demo Lab' },
      author: { firstName: 'Lena', lastName: 'Lab', companyName: 'Demo Lab' },
      responsible: null,
    },
    ...overrides,
  };
}

/** An order whose sending stopped: one document of Bridge arrived, Crown has none yet. */
export function draftFixture(overrides: Partial<DraftOrder> = {}): DraftOrder {
  return {
    id: 40,
    name: 'Bridge 14-16',
    created_at: '2025-03-01T09:05:00.000Z',
    components: [
      {
        id: 400,
        name: 'Bridge',
        documents: [{ id: 9001, name: 'upper-jaw.stl', size: 2048, sha256: 'x', fileType: 'stl', createdAt: '2025-03-01T09:06:00.000Z' }],
      },
      { id: 401, name: 'Crown', documents: [] },
    ],
    ...overrides,
  };
}

export const notFound = { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } } as const;
