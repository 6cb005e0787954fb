import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pathAfterMillSwitch, useSwitchMill } from './mill-switch.ts';

describe('pathAfterMillSwitch', () => {
  it("leads from a client's page (its orders tab) to the new mill's orders", () => {
    expect(pathAfterMillSwitch('/mill/client/21/details', '?tab=orders&page=2')).toBe('/mills/projects');
  });

  it("drops the first mill's client filter and its page, keeping the rest", () => {
    expect(pathAfterMillSwitch('/mills/projects', '?client=5&status=open&page=3&sort=name:asc')).toBe(
      '/mills/projects?status=open&sort=name%3Aasc',
    );
    expect(pathAfterMillSwitch('/mills/projects', '?client=5')).toBe('/mills/projects');
  });

  it('stays on a page that names no client', () => {
    expect(pathAfterMillSwitch('/mills/projects', '?status=open')).toBeNull();
    expect(pathAfterMillSwitch('/mills/clients', '?q=lab')).toBeNull();
  });
});

describe('useSwitchMill', () => {
  it('stores the mill and leaves the client orders URL of the other mill', () => {
    const store = vi.fn();
    let switchMill: (millId: number) => void = () => {};
    function Probe() {
      switchMill = useSwitchMill(store);
      return null;
    }
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/mills/projects?client=5&page=2'] });
    renderHook(() => null, {
      wrapper: ({ children }: { children: ReactNode }) => (
        <>
          {children}
          <RouterProvider router={router} />
        </>
      ),
    });
    act(() => switchMill(8));
    expect(store).toHaveBeenCalledWith(8);
    expect(router.state.location.pathname + router.state.location.search).toBe('/mills/projects');
  });
});
