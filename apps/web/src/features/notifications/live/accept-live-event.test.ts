import { describe, expect, it } from 'vitest';
import type { Session } from '@casebridge/shared/schemas/auth';
import { sessionFixture } from '../../../test/fixtures.ts';
import type { LiveEvent } from '@casebridge/shared/schemas/live-events';
import { acceptLiveEvent, rejectLiveEvent } from './accept-live-event.ts';

const MILL = 7;

function event(overrides: Partial<LiveEvent> = {}): LiveEvent {
  return {
    type: 'newProjectCreated',
    notificationId: 1,
    objectId: 100,
    parentObjectId: null,
    message: 'Crown 12',
    millId: MILL,
    labCompanyId: 10,
    userId: 99,
    responsible: null,
    ...overrides,
  };
}

function withSettings(session: Session, settings: Partial<Session['user']['userSettings']>): Session {
  return { ...session, user: { ...session.user, userSettings: { ...session.user.userSettings, ...settings } } };
}

// The fixture's user is id 1 in company 10; its mill is 7.
const millUser = sessionFixture('mill');
const labUser = sessionFixture('lab');

describe('live event acceptance (spec §4)', () => {
  it('accepts a new order for a mill user when nobody or the user is responsible', () => {
    expect(rejectLiveEvent(event(), millUser, MILL)).toBeNull();
    expect(rejectLiveEvent(event({ responsible: 1 }), millUser, MILL)).toBeNull();
  });

  it('rejects the kind whose setting is off, and only that kind', () => {
    const noOrders = withSettings(millUser, { notificationOnNewProjectIsCreated: false });
    expect(rejectLiveEvent(event(), noOrders, MILL)).toBe('settingOff');
    expect(acceptLiveEvent(event({ type: 'newMessageReceived', parentObjectId: 100 }), noOrders, MILL)).toBe(true);
    const noMessages = withSettings(millUser, { notificationOnNewMessageReceived: false });
    expect(rejectLiveEvent(event({ type: 'newMessageReceived' }), noMessages, MILL)).toBe('settingOff');
    expect(acceptLiveEvent(event(), noMessages, MILL)).toBe(true);
  });

  it("tells a plan's limit whatever the settings say, but only for the selected mill", () => {
    const noneWanted = withSettings(millUser, { notificationOnNewProjectIsCreated: false, notificationOnNewMessageReceived: false });
    const planFull = event({ type: 'planLimitReached', message: 'orders', labCompanyId: null });
    expect(rejectLiveEvent(planFull, noneWanted, MILL)).toBeNull();
    expect(rejectLiveEvent({ ...planFull, millId: 8 }, noneWanted, MILL)).toBe('otherMill');
  });

  it('rejects events of another mill than the selected one', () => {
    expect(rejectLiveEvent(event({ millId: 8 }), millUser, MILL)).toBe('otherMill');
    expect(rejectLiveEvent(event(), millUser, null)).toBe('otherMill');
  });

  it("rejects the user's own events", () => {
    expect(rejectLiveEvent(event({ userId: 1 }), millUser, MILL)).toBe('ownEvent');
    expect(rejectLiveEvent(event({ userId: 1, type: 'newMessageReceived' }), labUser, MILL)).toBe('ownEvent');
  });

  it('rejects, for a mill user, an order somebody else is responsible for', () => {
    expect(rejectLiveEvent(event({ responsible: 2 }), millUser, MILL)).toBe('notResponsible');
  });

  it("accepts, for a lab user, only events of the user's own company", () => {
    expect(rejectLiveEvent(event({ type: 'newMessageReceived', labCompanyId: 10 }), labUser, MILL)).toBeNull();
    expect(rejectLiveEvent(event({ type: 'newMessageReceived', labCompanyId: 11 }), labUser, MILL)).toBe('otherLab');
    expect(rejectLiveEvent(event({ type: 'newMessageReceived', labCompanyId: null }), labUser, MILL)).toBe('otherLab');
    const noCompany: Session = { ...labUser, user: { ...labUser.user, company: null } };
    expect(rejectLiveEvent(event({ type: 'newMessageReceived' }), noCompany, MILL)).toBe('otherLab');
  });

  it('does not apply the responsible rule to lab users', () => {
    expect(rejectLiveEvent(event({ type: 'newMessageReceived', responsible: 2 }), labUser, MILL)).toBeNull();
  });

  it('accepts nothing for roles without a mill workspace', () => {
    expect(rejectLiveEvent(event(), sessionFixture('manager'), MILL)).toBe('notMillOrLab');
  });
});
