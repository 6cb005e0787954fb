/** The shell every signed-in role shares (header, sidebar, bell, live events), one lazy chunk (router.tsx). */
export { SignedInLayout } from '../signed-in-layout.tsx';
export { MessagesRedirect } from '../messages-redirect.tsx';
export { NotificationsPage } from '../../features/notifications/pages/notifications-page.tsx';
export { NotFoundPage } from '../not-found-page.tsx';
export { DataExportPage } from '../../features/account/pages/data-export-page.tsx';
