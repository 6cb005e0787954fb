import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLabOfCompany } from '@casebridge/shared/contracts/companies';
import { getCompany } from '@casebridge/shared/contracts/company-profile';
import type { Company } from '@casebridge/shared/schemas/account';
import type { Client } from '@casebridge/shared/schemas/clients';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { clientFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ClientCompanyInfo } from './client-company-info.tsx';

const client: Client = clientFixture();

const company: Company = {
  id: 50,
  name: 'Demo Lab',
  email: 'office@lab.test',
  web: '',
  contactPerson: 'Lena Lab',
  vatNumber: 'DE123456789',
  taxId: '',
  logo: null,
  address: { country: 'DE', state: '', street: 'Hauptstr. 1', city: 'Berlin', zipCode: '10115', phone: '0301234' },
  companyInfoIsUpdated: true,
  countryLocked: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('ClientCompanyInfo', () => {
  it("reads the accepted lab's company and lab by the company's id and shows both", async () => {
    fakeApi([
      fake(getCompany, ({ params }) => ({ body: { ...company, id: params.id } })),
      fake(getLabOfCompany, ({ params }) => ({
        body: {
          id: 5,
          company: { id: params.id, name: 'Demo Lab' },
          shippingAtSameAddress: false,
          shippingAddress: { street: 'Dock 4', city: 'Hamburg', zipCode: '20457', phone: '' },
        },
      })),
    ]);
    renderWithProviders(<ClientCompanyInfo client={client} />, sessionFixture('mill'));
    expect(await screen.findByText('office@lab.test')).toBeTruthy();
    expect(screen.getByText('10115 Berlin')).toBeTruthy();
    expect(await screen.findByText('Dock 4')).toBeTruthy();
    expect(screen.getByText('20457 Hamburg')).toBeTruthy();
  });

  it('asks for nothing before the lab accepted the invitation', () => {
    const calls = fakeApi([]);
    renderWithProviders(<ClientCompanyInfo client={{ ...client, company: null }} />, sessionFixture('mill'));
    expect(screen.getByText("The lab's company details appear here once it accepts your invitation.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
