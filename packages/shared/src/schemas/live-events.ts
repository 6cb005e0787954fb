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

/**
 * Pushed to a message's author when the other side first reads it (issue 24 item 20). It carries
 * no notification and asks for no toast: the author's open chat shows the read mark.
 */
export const MESSAGE_READ_EVENT = 'messageRead';

export interface MessageReadEvent {
  type: typeof MESSAGE_READ_EVENT;
  messageId: number;
  projectId: number;
  componentId: number | null;
  /** When it was read (ISO 8601), as the message's `readAt` says. */
  readAt: string;
}
