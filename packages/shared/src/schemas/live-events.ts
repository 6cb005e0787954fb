/** What the server pushes over the websocket for a new order or message (spec §3 "Live events"). */
export const LIVE_EVENT_TYPES = ['newProjectCreated', 'newMessageReceived', 'planLimitReached'] as const;

export interface LiveEvent {
  type: (typeof LIVE_EVENT_TYPES)[number];
  notificationId: number;
  objectId: number;
  parentObjectId: number | null;
  message: string;
  millId: number;
  labCompanyId: number | null;
  /** The sender. */
  userId: number;
  /** The order's responsible mill user, if any. */
  responsible: number | null;
}
