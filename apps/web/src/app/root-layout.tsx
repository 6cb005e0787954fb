import { Outlet } from 'react-router';
import { LazyAuthDialogs } from './lazy-auth-dialogs.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <LazyAuthDialogs />
    </>
  );
}
