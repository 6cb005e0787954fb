import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorCode } from '@casebridge/shared/errors';
import { dealerCustomerBodySchema } from '@casebridge/shared/schemas/dealers';
import { shippingBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { ApiError } from './api-client.ts';
import { useForm } from './use-form.ts';

const contact = { address1: '', address2: '', address3: '', zipCode: '', city: '', district: '', state: '', country: '' };
const customerValues = {
  customerInfo: {
    customerId: 'C-1',
    title: '',
    salutation: '',
    firstName: 'Ada',
    lastName: 'Byron',
    position: '',
    company: 'Byron Dental',
    contactInformation: { ...contact, phone: '', email: '', webUrl: '' },
    permissions: { showInfoToOutOfMaintenanceUsers: false },
  },
};

/** A nested form on the shared customer request schema, as the customer form holds it. */
const customerSchema = dealerCustomerBodySchema.omit({ dealerId: true });
function useCustomer(options: { rules?: Parameters<typeof useForm<typeof customerSchema>>[0]['rules'] } = {}) {
  return useForm({ initialValues: customerValues, schema: customerSchema, words: { email: { email: 'own.email' } }, ...options });
}

const taken = (errors: Record<string, ErrorCode[]>) =>
  new ApiError({ statusCode: 409, error: 'Conflict', code: 'CUSTOMER_ID_TAKEN', message: 'taken', errors });

describe('useForm with nested values', () => {
  it('reads and writes a nested field by its dotted path, copying only the objects on the way', () => {
    const { result } = renderHook(() => useCustomer());
    const before = result.current.values;
    act(() => result.current.textProps('customerInfo.contactInformation.city').onChange({ currentTarget: { value: 'Turin' } } as never));
    expect(result.current.values.customerInfo.contactInformation.city).toBe('Turin');
    expect(result.current.textProps('customerInfo.contactInformation.city').value).toBe('Turin');
    expect(result.current.values.customerInfo.permissions).toBe(before.customerInfo.permissions);
    expect(before.customerInfo.contactInformation.city).toBe('');
  });

  it('puts the schema’s issues under their dotted paths, in translated words, and returns the parsed request', () => {
    const { result } = renderHook(() => useCustomer());
    act(() => {
      result.current.setValue('customerInfo.firstName', ' ');
      result.current.setValue('customerInfo.contactInformation.zipCode', 'x'.repeat(21));
      result.current.setValue('customerInfo.contactInformation.email', 'not-an-address');
    });
    let data: unknown;
    act(() => {
      data = result.current.validate();
    });
    expect(data).toBeNull();
    expect(result.current.errorText('customerInfo.firstName')).toBe('This field is required.');
    expect(result.current.errorText('customerInfo.contactInformation.zipCode')).toBe('At most 20 characters.');
    // An "empty or valid" address fails as a union; the form's own words name the email rule.
    expect(result.current.errors['customerInfo.contactInformation.email']).toEqual({ key: 'own.email', values: {} });
    expect(result.current.errorText('customerInfo.lastName')).toBeUndefined();

    act(() => result.current.setValue('customerInfo.contactInformation.email', 'ada@example.com'));
    expect(result.current.errorText('customerInfo.contactInformation.email')).toBeUndefined();
    expect(result.current.errorText('customerInfo.firstName')).toBe('This field is required.');
    act(() => {
      result.current.setValue('customerInfo.firstName', ' Ada ');
      result.current.setValue('customerInfo.contactInformation.zipCode', '10121');
    });
    act(() => {
      data = result.current.validate();
    });
    expect(data).toMatchObject({ customerInfo: { firstName: 'Ada', contactInformation: { email: 'ada@example.com' } } });
  });

  it('checks the form’s own rules with the schema, and lets them win', () => {
    const rules = () => ({ 'customerInfo.customerId': 'own.rule', 'customerInfo.company': 'own.company' });
    const { result } = renderHook(() => useCustomer({ rules }));
    act(() => result.current.setValue('customerInfo.company', ''));
    act(() => void result.current.validate());
    expect(result.current.errors['customerInfo.customerId']).toEqual({ key: 'own.rule' });
    expect(result.current.errors['customerInfo.company']).toEqual({ key: 'own.company' });
  });

  it('lands a flat form’s issues from a nested request schema under the flat fields (the shipping address)', () => {
    const schema = z
      .object({ shippingAtSameAddress: z.boolean(), street: z.string(), city: z.string(), zipCode: z.string(), phone: z.string() })
      .transform(({ shippingAtSameAddress, ...shippingAddress }): z.input<typeof shippingBodySchema> => ({
        shippingAtSameAddress,
        shippingAddress,
      }))
      .pipe(shippingBodySchema);
    const initialValues = { shippingAtSameAddress: false, street: '', city: 'Turin', zipCode: '', phone: '' };
    const { result } = renderHook(() => useForm({ initialValues, schema }));
    act(() => void result.current.validate());
    expect(Object.keys(result.current.errors).sort()).toEqual(['street', 'zipCode']);
  });

  it('puts the server’s field errors under dotted paths, in the form’s words for a code, and ignores unknown fields', () => {
    const { result } = renderHook(() => useCustomer());
    let landed = false;
    act(() => {
      landed = result.current.applyServerErrors(taken({ 'customerInfo.customerId': ['CUSTOMER_ID_TAKEN'], other: ['VALIDATION_FAILED'] }), {
        codes: { CUSTOMER_ID_TAKEN: 'dealers.customers.idNotUnique' },
      });
    });
    expect(landed).toBe(true);
    expect(result.current.errorText('customerInfo.customerId')).toBe('Customer Id must be unique');
    expect(Object.keys(result.current.errors)).toEqual(['customerInfo.customerId']);
    act(() => {
      landed = result.current.applyServerErrors(taken({ 'customerInfo.contactInformation.email': ['CUSTOMER_ID_TAKEN'] }));
    });
    expect(result.current.errorText('customerInfo.contactInformation.email')).toBe('This Customer Id is already in use.');
    act(() => {
      landed = result.current.applyServerErrors(new Error('offline'));
    });
    expect(landed).toBe(false);
  });

  it('maps a server field to a differently named form field', () => {
    const { result } = renderHook(() => useForm({ initialValues: { email: '' }, schema: z.object({ email: z.string() }) }));
    act(() => void result.current.applyServerErrors(taken({ identifier: ['EMAIL_TAKEN'] }), { fields: { identifier: 'email' } }));
    expect(result.current.errors.email?.key).toBe('errors.EMAIL_TAKEN');
  });
});

describe('useForm types', () => {
  it('refuses, when compiling, a path the values lack and a value of the wrong type', () => {
    const { result } = renderHook(() => useCustomer());
    act(() => {
      // @ts-expect-error a customer id is text
      result.current.setValue('customerInfo.customerId', 5);
    });
    // @ts-expect-error the contact information has no such field
    expect(result.current.textProps('customerInfo.contactInformation.fax').value).toBe('');
  });
});

describe('useForm dirty tracking (the unsaved-changes warning)', () => {
  it('is dirty after a nested change, and clean again when the change is undone', () => {
    const { result } = renderHook(() => useCustomer());
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setValue('customerInfo.contactInformation.city', 'Turin'));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.setValue('customerInfo.contactInformation.city', ''));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setValue('customerInfo.permissions.showInfoToOutOfMaintenanceUsers', true));
    expect(result.current.dirty).toBe(true);
  });

  it('is clean after reset to the saved values, with the errors gone', () => {
    const { result } = renderHook(() => useCustomer());
    act(() => result.current.setValue('customerInfo.lastName', ''));
    act(() => void result.current.validate());
    const saved = { customerInfo: { ...customerValues.customerInfo, lastName: 'Lovelace' } };
    act(() => result.current.reset(saved));
    expect(result.current.dirty).toBe(false);
    expect(result.current.errors).toEqual({});
    act(() => result.current.setValue('customerInfo.lastName', 'Byron'));
    expect(result.current.dirty).toBe(true);
  });
});
