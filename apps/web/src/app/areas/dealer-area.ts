/** The dealer's pages, one lazy chunk (router.tsx). */
export { DealerPage } from '../../features/dealer/pages/dealer-page.tsx';
