/**
 * The public pages besides the home page, loaded as one chunk when the first of them opens
 * (router.tsx). The home page itself ships with the entry: it is the first paint of most visits.
 */
export { TestCardPage, TestCheckoutPage } from '../../features/contract/pages/test-payment-pages.tsx';
export { MillLandingPage } from '../../features/public/pages/mill-landing-page.tsx';
export { PaymentFailurePage, PaymentSuccessPage } from '../../features/public/pages/payment-pages.tsx';
export { DataProcessingAgreementPage, TermsOfServicePage } from '../../features/public/pages/policy-pages.tsx';
export { AboutUsPage, ContactPage, DesktopAppPage, PrivacyPolicyPage } from '../../features/public/pages/static-pages.tsx';
export { GoodbyePage } from '../../features/account/pages/goodbye-page.tsx';
export { PublicLicenceInfoPage } from '../../features/licence-info/pages/licence-info-page.tsx';
