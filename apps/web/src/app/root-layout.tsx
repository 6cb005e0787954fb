import { Outlet } from 'react-router';
import { AuthDialogs } from '../features/auth/components/auth-dialogs.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <AuthDialogs />
    </>
  );
}
