import { markReadBodySchema, notificationsResponseSchema } from '../schemas/account.ts';
import { messageResponseSchema } from '../schemas/common.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** The signed-in user's notifications (spec portal-common, bell and page). */
const tags = ['notifications'] as const;

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/notifications',
  summary: "The signed-in user's notifications, newest first",
  tags,
  access: 'account.read',
  responses: { 200: notificationsResponseSchema, ...commonRefusals },
});

export const markReadState = defineEndpoint({
  method: 'POST',
  path: '/notifications/markReadState',
  summary: 'Mark notifications read or unread',
  tags,
  access: 'account.update',
  body: markReadBodySchema,
  responses: { 200: messageResponseSchema, ...commonRefusals },
});
