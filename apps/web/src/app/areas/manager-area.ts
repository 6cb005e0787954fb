/** The manager's pages, one lazy chunk (router.tsx). */
export { ManagerPage } from '../../features/manager/pages/manager-page.tsx';
export { PoliciesPage } from '../../features/policies/pages/policies-page.tsx';
export { UsagePage } from '../../features/usage/pages/usage-page.tsx';
export { ManagerPlansPage } from '../../features/contract/pages/manager-plans-page.tsx';
