import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import type { ActiveProductResponse, TicketRegistration } from '@casebridge/shared/schemas/licence-tickets';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ActiveProductDialog } from './active-product-dialog.tsx';
import { TicketRegistrationDialog } from './ticket-registration-dialog.tsx';

const REGISTRATION: TicketRegistration = {
  salutation: 'Dr.',
  firstname: 'Anna',
  lastname: 'Berg',
  position: 'Owner',
  company: 'Berg Dental',
  zipcode: '20095',
  city: 'Hamburg',
  region: 'Hamburg',
  country: 'DE',
  phone: '+49 40 123',
  email: 'anna@berg.test',
  address_1: 'Hauptstr. 1',
  address_2: '',
  address_3: '',
  productid: 'CBM',
};

afterEach(() => vi.unstubAllGlobals());

describe('TicketRegistrationDialog', () => {
  it('asks nothing while closed, then shows the ticket’s registration record', async () => {
    const calls = fakeApi([
      fake(contracts.ticketRegistration, ({ params }) => ({ body: { ...REGISTRATION, productid: `CBM-${params.id}` } })),
    ]);
    const view = renderWithProviders(<TicketRegistrationDialog ticketId={7} open={false} onClose={() => {}} />, sessionFixture('dealer'));
    expect(calls).toEqual([]);
    view.unmount();
    renderWithProviders(<TicketRegistrationDialog ticketId={7} open onClose={() => {}} />, sessionFixture('dealer'));
    const dialog = await screen.findByRole('dialog', { name: 'Registration data' });
    expect(await screen.findByText('Berg Dental')).toBeTruthy();
    expect(dialog.textContent).toContain('anna@berg.test');
    expect(dialog.textContent).toContain('Product id');
    expect(dialog.textContent).toContain('CBM-7');
    expect(calls.map((call) => call.url.split('?')[0])).toEqual(['/api/dealer-tickets/7/registration']);
  });

  it('says a ticket without a customer has no registration data', async () => {
    fakeApi([
      fake(contracts.ticketRegistration, () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', code: 'TICKET_WITHOUT_CUSTOMER', message: 'x' },
      })),
    ]);
    renderWithProviders(<TicketRegistrationDialog ticketId={7} open onClose={() => {}} />, sessionFixture('dealer'));
    expect(await screen.findByText('No customer is assigned to this ticket, so there is no registration data.')).toBeTruthy();
  });
});

describe('ActiveProductDialog', () => {
  it('lists the activated licences, or says there is no active product detail', async () => {
    const full: ActiveProductResponse = {
      ticketId: 'ABCDE-12345-FGHIJ-KLMNO-PQRST',
      productName: 'CaseBridge CAM Milling',
      data: [
        {
          code: 'CBM',
          itemId: '1000',
          name: 'CaseBridge CAM Milling base',
          licenseExp: '2030-01-31',
          featureMapBinarySetBits: '01',
          permissions: 'single',
          information: '',
          formerDongleNo: '',
          maintenanceExp: null,
        },
      ],
    };
    // Ticket 3 has the activated licences, ticket 4 none.
    fakeApi([fake(contracts.activeProduct, ({ params }) => ({ body: params.id === 3 ? full : { ...full, productName: '', data: [] } }))]);
    const view = renderWithProviders(<ActiveProductDialog ticketId={3} open onClose={() => {}} />, sessionFixture('dealer'));
    expect(await screen.findByText('CaseBridge CAM Milling base')).toBeTruthy();
    expect(screen.getByText('31.01.2030')).toBeTruthy();
    view.unmount();

    renderWithProviders(<ActiveProductDialog ticketId={4} open onClose={() => {}} />, sessionFixture('dealer'));
    expect(await screen.findByText('No active product detail')).toBeTruthy();
  });
});
