import type { Session } from '@casebridge/shared/schemas/auth';
import type { LiveEvent } from '@casebridge/shared/schemas/live-events';

export type Rejection = 'settingOff' | 'otherMill' | 'ownEvent' | 'notResponsible' | 'otherLab' | 'notMillOrLab';

/** The setting that turns a kind off; a plan's limit being reached is always told. */
const SETTING: Partial<Record<LiveEvent['type'], 'notificationOnNewProjectIsCreated' | 'notificationOnNewMessageReceived'>> = {
  newProjectCreated: 'notificationOnNewProjectIsCreated',
  newMessageReceived: 'notificationOnNewMessageReceived',
};

/**
 * Spec §4 "Live events", applied again in the browser: the server already picks recipients by
 * these rules, but the selected mill is a browser-side choice and settings may change meanwhile.
 * Returns null when the event is accepted, else why it is not.
 */
export function rejectLiveEvent(event: LiveEvent, session: Session, selectedMillId: number | null): Rejection | null {
  const { user } = session;
  const setting = SETTING[event.type];
  if (setting && !user.userSettings[setting]) return 'settingOff';
  if (selectedMillId === null || event.millId !== selectedMillId) return 'otherMill';
  if (event.userId === user.id) return 'ownEvent';
  switch (user.role.type) {
    case 'mill':
      return event.responsible === null || event.responsible === user.id ? null : 'notResponsible';
    case 'lab':
      return user.company !== null && event.labCompanyId === user.company.id ? null : 'otherLab';
    default:
      return 'notMillOrLab';
  }
}

export function acceptLiveEvent(event: LiveEvent, session: Session, selectedMillId: number | null): boolean {
  return rejectLiveEvent(event, session, selectedMillId) === null;
}
