import type { Dealer } from '@casebridge/shared/schemas/dealers';

const address = {
  address1: '',
  address2: '',
  address3: '',
  zipCode: '',
  city: '',
  district: '',
  state: '',
  country: '',
  phone: '',
  email: '',
  webUrl: '',
};

/** A complete dealer as GET /dealers/{id} answers it, for the feature's tests. */
export function dealerFixture(overrides: Partial<Dealer> = {}, permissions: Partial<Dealer['configuration']['permissions']> = {}): Dealer {
  return {
    id: 5,
    dealerId: 'ROOT-A',
    name: 'Root A',
    parentDealerId: null,
    parentDealerName: null,
    email: 'root-a@example.com',
    userId: null,
    logo: null,
    isRoot: true,
    dealerContact: { ...address },
    supportContact: { phone: '', email: '', webUrl: '', permissions: { showInfoToOutOfMaintenanceUsers: false } },
    salesContact: { phone: '', email: '', webUrl: '' },
    configuration: {
      configurationType: 'None',
      fixedConfigJson: null,
      fixedConfigFile: null,
      dynamicConfigUrlPath: null,
      componentBaseURL: null,
      permissions: { subDealerAllowed: true, ownConfigurationsAllowed: true, strictModeConfiguration: true, ...permissions },
    },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
