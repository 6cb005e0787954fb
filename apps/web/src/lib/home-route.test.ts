import { describe, expect, it } from 'vitest';
import { millFixture, sessionFixture } from '../test/fixtures.ts';
import { companyGateRedirect, homeRouteFor, LAB_COMPANY_PATH, MILL_COMPANY_PATH, returnPathAfterSignIn } from './home-route.ts';

describe('homeRouteFor (after-sign-in routing)', () => {
  it('sends nobody home', () => {
    expect(homeRouteFor(null, null)).toEqual({ path: '/', companyNotice: false });
  });

  it('sends a mill user to the orders when there are orders, else to the welcome page', () => {
    const mill = millFixture();
    expect(homeRouteFor(sessionFixture('mill', { ordersCount: 3 }), mill).path).toBe('/mills/projects');
    expect(homeRouteFor(sessionFixture('mill', { ordersCount: 0 }), mill).path).toBe('/mill/welcome');
  });

  it('sends lab, manager and dealer users to their own pages', () => {
    expect(homeRouteFor(sessionFixture('lab'), null)).toEqual({ path: LAB_COMPANY_PATH, companyNotice: false });
    expect(homeRouteFor(sessionFixture('manager'), null).path).toBe('/manager');
    expect(homeRouteFor(sessionFixture('dealer'), null).path).toBe('/dealer');
  });

  it('sends users with incomplete company information to the company page with the notice', () => {
    const incomplete = { user: { companyInfoIsUpdated: false }, ordersCount: 5 };
    expect(homeRouteFor(sessionFixture('lab', incomplete), null)).toEqual({ path: LAB_COMPANY_PATH, companyNotice: true });
    expect(homeRouteFor(sessionFixture('mill', incomplete), millFixture({ millRole: 'admin' }))).toEqual({
      path: MILL_COMPANY_PATH,
      companyNotice: true,
    });
  });

  it('does not send a mill user who cannot edit the company to the company page', () => {
    const session = sessionFixture('mill', { user: { companyInfoIsUpdated: false }, ordersCount: 1 });
    expect(homeRouteFor(session, millFixture({ millRole: 'user' }))).toEqual({ path: '/mills/projects', companyNotice: false });
  });
});

describe('companyGateRedirect', () => {
  const lab = sessionFixture('lab', { user: { companyInfoIsUpdated: false } });

  it('keeps an incomplete user on the account pages and sends them there from elsewhere', () => {
    expect(companyGateRedirect(lab, null, '/lab/account')).toBeNull();
    expect(companyGateRedirect(lab, null, '/lab/projects')).toBe(LAB_COMPANY_PATH);
  });

  it("lets an invited lab see its mill's welcome page first, but nothing else", () => {
    expect(companyGateRedirect(lab, null, '/7/lab/home')).toBeNull();
    expect(companyGateRedirect(lab, null, '/7/lab/home/extra')).toBe(LAB_COMPANY_PATH);
    expect(companyGateRedirect(lab, null, '/lab/messages')).toBe(LAB_COMPANY_PATH);
  });

  it('lets an incomplete user use the mailed link of their data export, and only that page', () => {
    expect(companyGateRedirect(lab, null, '/data-export/QKn1RyH-g8ZguUkCKrle_ad7kICKYpmAOSXJjiLyJRI')).toBeNull();
    expect(companyGateRedirect(lab, null, '/data-export/a/b')).toBe(LAB_COMPANY_PATH);
  });

  it('lets complete users go anywhere', () => {
    expect(companyGateRedirect(sessionFixture('lab'), null, '/lab/projects')).toBeNull();
  });
});

describe('returnPathAfterSignIn', () => {
  it('returns to the mailed data export link only', () => {
    expect(returnPathAfterSignIn('/data-export/abc123')).toBe('/data-export/abc123');
    expect(returnPathAfterSignIn('/data-export/abc/def')).toBeNull();
    expect(returnPathAfterSignIn('//evil.example/data-export/x')).toBeNull();
    expect(returnPathAfterSignIn('/mill/settings')).toBeNull();
    expect(returnPathAfterSignIn(undefined)).toBeNull();
  });
});
